/** The details of a post, an interview or other evidence: their text, people interviewed, tags. */
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EVIDENCE_KIND_LABELS, EVIDENCE_KINDS, LIMITS, type EvidenceKind } from '@assay/domain';
import {
  searchContacts,
  updateInterview,
  updatePost,
  updateText,
  type CardDetail,
} from '../api/card.ts';
import { useCardWriter } from '../hooks/use-card-writer.ts';
import { CardMediaSection, uploadImageForCard } from './card-media.tsx';
import { ChatConversation } from './chat-conversation.tsx';
import { CardTags } from './card-tags.tsx';
import { PlainField } from './plain-field.tsx';
import { RichTextField } from './rich-text-field.tsx';
import { AudioRecorder } from './audio-recorder.tsx';
import { TranscriptionSection } from './transcription-section.tsx';

/**
 * What this evidence records — what people say, do or pay — and what it weighs in the confidence
 * of the hypotheses it is connected to (the organisation's weight, faded by age).
 */
function EvidenceKindPicker(props: { card: CardDetail; editable: boolean }) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  const strength = card.strength;
  if (!strength) return null;
  const pick = (value: string) => {
    const evidenceKind = value as EvidenceKind;
    const patch = { evidenceKind };
    const optimistic = (c: CardDetail) => ({
      ...c,
      strength: c.strength ? { ...c.strength, kind: evidenceKind, kindSet: true } : c.strength,
    });
    void write(
      (c) => (card.type === 'interview' ? updateInterview(c, patch) : updatePost(c, patch)),
      { optimistic, views: true },
    ).catch(() => undefined);
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`kind-${card.id}`}>
        What this evidence records
      </Text>
      <SegmentedControl
        aria-labelledby={`kind-${card.id}`}
        disabled={!props.editable}
        value={strength.kind}
        onChange={pick}
        data={EVIDENCE_KINDS.map((kind) => ({ value: kind, label: EVIDENCE_KIND_LABELS[kind] }))}
        data-testid="evidence-kind"
      />
      <Text size="xs" c="dimmed" data-testid="evidence-strength">
        Weighs {strength.weight} in a hypothesis&rsquo;s confidence
        {strength.strength < strength.weight ? ` (${strength.strength} today, as it ages)` : ''}
        {strength.kindSet ? '' : ' — from its type; pick what it records if it differs'}.
      </Text>
    </Stack>
  );
}

function Interviewees(props: { card: CardDetail }) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const contacts = useQuery({
    queryKey: ['contacts', name.trim()],
    queryFn: () => searchContacts(name.trim()),
    enabled: name.trim().length > 1,
  });
  const people = card.evidence?.interviewees ?? [];
  const add = (patch: Parameters<typeof updateInterview>[1]['addInterviewee']) =>
    void write((c) => updateInterview(c, { addInterviewee: patch }), { views: true })
      .then(() => {
        setName('');
        setEmail('');
      })
      .catch(() => undefined);
  const pickable = (contacts.data ?? []).filter((c) => !people.some((p) => p.id === c.id));
  return (
    <Stack gap={6} aria-label="People interviewed" role="group">
      <Text size="sm" fw={500}>
        People interviewed
      </Text>
      {people.map((person) => (
        <Group key={person.id} gap="xs" data-testid="interviewee">
          <Badge variant="light" size="lg" radius="sm">
            {person.name}
          </Badge>
          {person.company ? (
            <Text size="xs" c="dimmed">
              {person.company}
            </Text>
          ) : null}
          {card.abilities.edit ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={`Remove ${person.name}`}
              onClick={() =>
                void write((c) => updateInterview(c, { removeIntervieweeId: person.id }), {
                  views: true,
                }).catch(() => undefined)
              }
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {card.abilities.edit ? (
        <Group align="flex-end" gap="xs">
          <Autocomplete
            label="Name"
            placeholder="Who did you talk to?"
            value={name}
            onChange={setName}
            data={pickable.map((c) => ({ value: c.id, label: c.name }))}
            onOptionSubmit={(id) => add({ id })}
            maxLength={200}
          />
          <TextInput
            label="Email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            maxLength={LIMITS.emailMax}
          />
          <Button size="sm" variant="default" onClick={() => add({ name, email })}>
            Add person
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export function EvidenceDetails(props: { card: CardDetail }) {
  const { card } = props;
  const { write } = useCardWriter(card.id);
  const editable = card.abilities.edit;
  const text = (field: string) => card.texts.find((t) => t.field === field)?.text ?? '';
  const richText = (field: string, label: string, placeholder: string) => (
    <RichTextField
      key={`${field}-${card.id}`}
      label={label}
      title={label.toLowerCase()}
      projectId={card.projectId}
      value={text(field)}
      editable={editable}
      placeholder={placeholder}
      onSave={(value) =>
        write((c) => updateText(c, field, value.text, value.rawText, value.mentions))
      }
      onUploadImage={(file) => uploadImageForCard(card.id, file)}
    />
  );
  const evidence = card.evidence;
  return (
    <Stack gap="md">
      {card.type === 'intercom' && evidence?.conversation ? (
        <>
          <ChatConversation
            parts={evidence.conversation.conversationParts}
            url={evidence.conversation.url}
          />
          {richText('keyInsights', 'Key insights', 'What does this conversation tell you?')}
        </>
      ) : card.type === 'interview' ? (
        <>
          <TextInput
            type="date"
            label="Date"
            disabled={!editable}
            w={200}
            defaultValue={evidence?.date?.slice(0, 10) ?? ''}
            onBlur={(e) => {
              const value = e.currentTarget.value;
              const date = value ? new Date(`${value}T12:00:00Z`).toISOString() : null;
              if (date !== evidence?.date)
                void write((c) => updateInterview(c, { date })).catch(() => undefined);
            }}
          />
          {evidence?.engagement ? (
            <Badge variant="outline">
              Meeting with a{' '}
              {evidence.engagement.type === 'guest' ? 'coach' : evidence.engagement.type}
            </Badge>
          ) : null}
          {evidence?.videoMeeting ? (
            <Text size="sm" data-testid="video-meeting">
              Zoom meeting {evidence.videoMeeting.meetingUUID}
              {evidence.videoMeeting.playURL ? (
                <>
                  {' · '}
                  <Anchor href={evidence.videoMeeting.playURL} target="_blank" rel="noreferrer">
                    Play the recording
                  </Anchor>
                </>
              ) : null}
            </Text>
          ) : null}
          <Interviewees card={card} />
          {richText('keyInsights', 'Key insights', 'What did you learn?')}
          {richText('notes', 'Notes', 'Notes from the conversation. Type @ to mention someone.')}
          {card.abilities.edit ? <AudioRecorder card={card} /> : null}
          <TranscriptionSection card={card} />
        </>
      ) : (
        <>
          {card.type === 'post' ? (
            <Switch
              label="This post is evidence"
              checked={card.isEvidence}
              disabled={!editable}
              onChange={(e) => {
                const isEvidence = e.currentTarget.checked;
                void write((c) => updatePost(c, { isEvidence }), {
                  optimistic: (c) => ({ ...c, isEvidence }),
                  views: true,
                }).catch(() => undefined);
              }}
            />
          ) : null}
          <PlainField
            key={`summary-${card.id}`}
            label="Summary"
            title="summary"
            value={evidence?.summary ?? ''}
            max={LIMITS.textFieldMax}
            multiline
            disabled={!editable}
            onSave={(summary) => write((c) => updatePost(c, { summary }))}
          />
          {richText('keyInsights', 'Key insights', 'What does this tell you?')}
          {card.type === 'post' ? (
            <PlainField
              key={`email-${card.id}`}
              label="Email"
              title="email"
              value={evidence?.email ?? ''}
              max={LIMITS.textFieldMax}
              multiline
              disabled={!editable}
              placeholder="Paste an email this evidence comes from"
              onSave={(email) => write((c) => updatePost(c, { email: email || null }))}
            />
          ) : null}
          {richText('description', 'Description', 'Anything else worth keeping.')}
        </>
      )}
      <EvidenceKindPicker card={card} editable={editable} />
      <CardMediaSection card={card} />
      <CardTags card={card} />
    </Stack>
  );
}
