/**
 * The editor's link dialog (part 2 §2.5): "Add Link", or "Update Link" on a link already there —
 * Link Text (optional: the URL when empty), URL (checked by the domain's linkSchema), and Unlink,
 * Cancel, Add or Update.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { linkSchema } from '@assay/domain';

interface Draft {
  text: string;
  url: string;
  updating: boolean;
}

/** What the dialog starts with: the link under the cursor, or the selected text. */
function draftOf(editor: Editor): Draft {
  const href = editor.getAttributes('link').href as string | undefined;
  if (href) editor.chain().extendMarkRange('link').run();
  const { from, to } = editor.state.selection;
  const text = editor.state.doc.textBetween(from, to, ' ');
  return { text, url: href ?? '', updating: Boolean(href) };
}

export function LinkControl(props: { editor: Editor | null }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { editor } = props;
  const close = () => {
    setDraft(null);
    setError(null);
  };
  const apply = () => {
    if (!editor || !draft) return;
    const parsed = linkSchema.safeParse({ url: draft.url, text: draft.text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const { url, text } = parsed.data;
    const { from, to } = editor.state.selection;
    const selected = editor.state.doc.textBetween(from, to, ' ');
    const chain = editor.chain().focus();
    if (text === selected && from !== to) chain.setLink({ href: url }).run();
    else
      chain
        .insertContentAt({ from, to }, [
          { type: 'text', text, marks: [{ type: 'link', attrs: { href: url } }] },
        ])
        .run();
    close();
  };
  const unlink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    close();
  };
  return (
    <>
      <RichTextEditor.Control
        aria-label="Link"
        title="Link"
        active={editor?.isActive('link') ?? false}
        onClick={() => editor && setDraft(draftOf(editor))}
      >
        <svg
          aria-hidden
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
          <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
        </svg>
      </RichTextEditor.Control>
      <Modal
        opened={draft !== null}
        onClose={close}
        title={draft?.updating ? 'Update Link' : 'Add Link'}
      >
        {draft ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
          >
            <Stack gap="sm">
              <TextInput
                label="Link Text"
                description="Optional: the URL is shown when it is empty."
                value={draft.text}
                onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })}
              />
              <TextInput
                label="URL"
                required
                value={draft.url}
                error={error}
                onChange={(e) => {
                  setDraft({ ...draft, url: e.currentTarget.value });
                  setError(null);
                }}
                data-autofocus
              />
              <Group justify="space-between">
                {draft.updating ? (
                  <Button variant="subtle" color="red" onClick={unlink}>
                    Unlink
                  </Button>
                ) : (
                  <span />
                )}
                <Group gap="xs">
                  <Button variant="default" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit">{draft.updating ? 'Update' : 'Add'}</Button>
                </Group>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </>
  );
}
