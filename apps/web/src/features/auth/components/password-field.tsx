import { List, PasswordInput, Text } from '@mantine/core';
import { LIMITS, PASSWORD_SPECIALS } from '@assay/domain';

const RULES: { label: string; test: (v: string) => boolean }[] = [
  {
    label: `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`,
    test: (v) => v.length >= LIMITS.passwordMin,
  },
  { label: 'an uppercase letter', test: (v) => /[A-Z]/.test(v) },
  { label: 'a lowercase letter', test: (v) => /[a-z]/.test(v) },
  { label: 'a number', test: (v) => /[0-9]/.test(v) },
  {
    label: 'a special character such as _ + - . , ! @ #',
    test: (v) => [...v].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
];

/** A new-password field that shows the rules as they are met; entries are cut at 72 characters. */
export function NewPasswordField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <>
      <PasswordInput
        label={props.label ?? 'Password'}
        value={props.value}
        maxLength={LIMITS.passwordMax}
        onChange={(e) => props.onChange(e.currentTarget.value.slice(0, LIMITS.passwordMax))}
        error={props.error}
        autoComplete="new-password"
        required
      />
      <List size="xs" spacing={2} aria-label="Password rules">
        {RULES.map((rule) => (
          <List.Item key={rule.label}>
            <Text size="xs" c={rule.test(props.value) ? 'teal' : 'dimmed'}>
              {rule.test(props.value) ? '✓ ' : ''}
              {rule.label}
            </Text>
          </List.Item>
        ))}
      </List>
    </>
  );
}
