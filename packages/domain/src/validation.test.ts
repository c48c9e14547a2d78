import { describe, expect, it } from 'vitest';
import {
  isDesignFileLink,
  isValidEmail,
  isValidUrl,
  passwordProblem,
  VALIDATION_MESSAGES,
} from './checks.ts';
import {
  emailSchema,
  linkSchema,
  passwordSchema,
  projectDescriptionSchema,
  projectNameSchema,
} from './validation.ts';

describe('email', () => {
  it('accepts standard addresses case-insensitively, up to 256 characters', () => {
    expect(isValidEmail('Founder@Example.COM')).toBe(true);
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('not-an-email')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(251)}@x.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(true);
  });
  it('gives the exact sign-up message', () => {
    const result = emailSchema.safeParse('bad@');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The email you entered is invalid');
    expect(emailSchema.parse(' A@B.io ')).toBe('a@b.io');
  });
});

describe('password', () => {
  it('needs 9 to 72 characters with upper, lower, digit and special', () => {
    expect(passwordProblem('Aa1_')).toBe(VALIDATION_MESSAGES.passwordLength);
    expect(passwordProblem('abcdefghi1_')).toBe(VALIDATION_MESSAGES.passwordComplexity);
    expect(passwordProblem('Abcdefghi1')).toBe(VALIDATION_MESSAGES.passwordComplexity);
    expect(passwordProblem('Abcdefgh1"')).toBeNull();
    expect(passwordProblem('Abcdefgh1\\')).toBeNull();
  });
  it('cuts entries beyond 72 characters to 72', () => {
    expect(passwordSchema.parse(`Aa1_${'x'.repeat(100)}`)).toHaveLength(72);
  });
});

describe('urls', () => {
  it('accepts only http and https', () => {
    expect(isValidUrl('https://example.com/a')).toBe(true);
    expect(isValidUrl('http://example.com')).toBe(true);
    expect(isValidUrl('ftp://example.com')).toBe(false);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('example.com')).toBe(false);
  });
  it('checks design-file links', () => {
    const id = 'a'.repeat(22);
    expect(isDesignFileLink(`https://www.figma.com/file/${id}/My-Design`)).toBe(true);
    expect(isDesignFileLink(`https://figma.com/proto/${id}`)).toBe(true);
    expect(isDesignFileLink(`http://www.figma.com/file/${id}`)).toBe(false);
    expect(isDesignFileLink(`https://evil.com/file/${id}`)).toBe(false);
    expect(isDesignFileLink(`https://www.figma.com/file/${'a'.repeat(21)}`)).toBe(false);
    // Figma's current links (#26).
    expect(isDesignFileLink(`https://www.figma.com/board/${id}`)).toBe(true);
    expect(isDesignFileLink(`https://www.figma.com/design/${id}/Flows`)).toBe(true);
    expect(isDesignFileLink(`https://www.figma.com/slides/${id}`)).toBe(false);
  });
  it('link dialog: URL required, text defaults to the URL', () => {
    expect(linkSchema.parse({ url: 'https://a.io' })).toEqual({
      url: 'https://a.io',
      text: 'https://a.io',
    });
    expect(linkSchema.safeParse({ url: '' }).error?.issues[0]?.message).toBe('Please enter a URL.');
  });
});

describe('project name and description', () => {
  it('requires a name after sanitising', () => {
    expect(projectNameSchema.safeParse('  "."  ').error?.issues[0]?.message).toBe(
      'Your project needs a name.',
    );
    expect(projectNameSchema.parse('My <Idea>')).toBe('My Idea');
  });
  it('requires 100 characters of description', () => {
    expect(projectDescriptionSchema.safeParse('short').error?.issues[0]?.message).toBe(
      'Your project description must be at least the minimum characters',
    );
    expect(projectDescriptionSchema.safeParse('x'.repeat(100)).success).toBe(true);
  });
});
