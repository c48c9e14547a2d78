/**
 * The rich-text editor (tiptap): the shortcuts of part 2 §9, mentions of members, a counter that
 * shows 50 characters before the limit, and autosave 500 ms after typing stops. Nothing over the
 * limit is saved.
 */
import { Group, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.layer.css';
import Image from '@tiptap/extension-image';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import { ReactRenderer, useEditor, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { LIMITS, TIMERS } from '@assay/domain';
import { fetchMentionSuggestions, type Person } from '../api/card.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { CharCounter } from './char-counter.tsx';
import { LinkControl } from './link-dialog.tsx';
import { MentionList, type MentionListHandle } from './mention-list.tsx';
import { SaveStatusMark } from './save-status.tsx';

export interface RichTextValue {
  text: string;
  rawText: string;
  mentions: string[];
}

function mentionIds(node: JSONContent, into: Set<string>): Set<string> {
  if (node.type === 'mention' && typeof node.attrs?.id === 'string') into.add(node.attrs.id);
  for (const child of node.content ?? []) mentionIds(child, into);
  return into;
}

function valueOf(editor: Editor): RichTextValue {
  return {
    text: editor.getHTML(),
    rawText: editor.getText(),
    mentions: [...mentionIds(editor.getJSON(), new Set())],
  };
}

function mentionSuggestion(projectId: string) {
  return {
    items: async ({ query }: { query: string }) => {
      try {
        return await fetchMentionSuggestions(projectId, query);
      } catch {
        return [] as Person[];
      }
    },
    render: () => {
      let renderer: ReactRenderer<MentionListHandle> | null = null;
      const place = (rect: (() => DOMRect | null) | null | undefined) => {
        const box = rect?.();
        if (!renderer || !box) return;
        Object.assign(renderer.element.style, {
          position: 'fixed',
          left: `${box.left}px`,
          top: `${box.bottom + 4}px`,
          zIndex: '1000',
        });
      };
      return {
        onStart: (props: { editor: Editor; clientRect?: (() => DOMRect | null) | null }) => {
          renderer = new ReactRenderer(MentionList, { props, editor: props.editor });
          document.body.appendChild(renderer.element);
          place(props.clientRect);
        },
        onUpdate: (props: { clientRect?: (() => DOMRect | null) | null }) => {
          renderer?.updateProps(props);
          place(props.clientRect);
        },
        onKeyDown: (props: { event: KeyboardEvent }) => {
          if (props.event.key === 'Escape') {
            renderer?.element.remove();
            return true;
          }
          return renderer?.ref?.onKeyDown(props.event) ?? false;
        },
        onExit: () => {
          renderer?.element.remove();
          renderer?.destroy();
          renderer = null;
        },
      };
    },
  };
}

export function RichTextField(props: {
  label: string;
  title: string;
  projectId: string;
  value: string;
  max?: number;
  editable: boolean;
  placeholder?: string;
  onSave: (value: RichTextValue) => Promise<unknown>;
  /** Uploads an image for the editor and answers its URL (the image shortcut). */
  onUploadImage?: (file: File) => Promise<string>;
}) {
  const max = props.max ?? LIMITS.textFieldMax;
  const [length, setLength] = useState(0);
  const { status, change, flush } = useAutosave<RichTextValue>({
    delay: TIMERS.editorAutosaveMs,
    save: props.onSave,
    canSave: (v) => v.rawText.length <= max,
  });
  const projectId = useRef(props.projectId);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2] } }),
      Placeholder.configure({ placeholder: props.placeholder ?? '' }),
      Image.configure({ inline: false }),
      Mention.configure({
        HTMLAttributes: { class: 'mention' },
        suggestion: mentionSuggestion(projectId.current),
      }),
    ],
    content: props.value,
    editable: props.editable,
    // The editable area is a multi-line text box named by the field's label.
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': props.label },
    },
    immediatelyRender: true,
    onCreate: ({ editor: e }) => setLength(e.getText().length),
    onUpdate: ({ editor: e }) => {
      const value = valueOf(e);
      setLength(value.rawText.length);
      change(value);
    },
    onBlur: () => void flush(),
  });

  // Another person's saved text shows when this editor is not in use.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    if (editor.getHTML() !== props.value) {
      editor.commands.setContent(props.value, { emitUpdate: false });
      setLength(editor.getText().length);
    }
  }, [editor, props.value]);

  const insertImage = (file: File | undefined) => {
    if (!file || !props.onUploadImage || !editor) return;
    void props
      .onUploadImage(file)
      .then((src) => editor.chain().focus().setImage({ src, alt: file.name }).run())
      .catch(() => undefined);
  };
  return (
    <div>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        data-testid={`image-input-${props.title}`}
        onChange={(e) => {
          insertImage(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      <Group gap={6} mb={4}>
        <Text size="sm" fw={500}>
          {props.label}
        </Text>
        <SaveStatusMark status={status} />
      </Group>
      <RichTextEditor editor={editor} aria-label={props.label}>
        {props.editable ? (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <LinkControl editor={editor} />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H1 />
              <RichTextEditor.H2 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.CodeBlock />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            {props.onUploadImage ? (
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Control
                  aria-label="Insert image"
                  title="Insert image"
                  onClick={() => fileInput.current?.click()}
                >
                  <span aria-hidden style={{ fontSize: 12 }}>
                    IMG
                  </span>
                </RichTextEditor.Control>
              </RichTextEditor.ControlsGroup>
            ) : null}
          </RichTextEditor.Toolbar>
        ) : null}
        <RichTextEditor.Content data-testid={`editor-${props.title}`} />
      </RichTextEditor>
      <CharCounter length={length} max={max} showAt={LIMITS.editorCounterAt} title={props.title} />
    </div>
  );
}
