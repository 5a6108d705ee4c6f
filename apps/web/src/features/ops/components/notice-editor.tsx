import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './notice-editor.css';

/**
 * The notice body's rich-text editor (TipTap, MIT, bundled from npm): paragraphs, two heading
 * levels, bold, italic, underline, strike, lists, quotes and links — what the server's
 * allow-list keeps. It is this module's default export, loaded with React.lazy by
 * rich-text-field.tsx, so TipTap and ProseMirror are a chunk of their own that only the
 * console's notice form asks for. Its value is HTML; an empty document is ''.
 */
export interface NoticeEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  ariaLabel: string;
  testId?: string;
}

const EMPTY_DOC = '<p></p>';

export default function NoticeEditor({ value = '', onChange, id, ariaLabel, testId }: NoticeEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          defaultProtocol: 'https',
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'notice-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        ...(id ? { id } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange?.(html === EMPTY_DOC ? '' : html);
    },
    immediatelyRender: true,
  });
  // A value set from outside (the form loading a notice to edit) replaces the document.
  // TipTap destroys an editor whose component has not committed within a millisecond of
  // creating it (a slow render, a lazy chunk) and hands out a new one on the next render:
  // this effect may still see the destroyed one, whose getHTML would throw.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY_DOC)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: live }) => {
      const current = live && !live.isDestroyed ? live : null;
      return {
        bold: current?.isActive('bold') ?? false,
        italic: current?.isActive('italic') ?? false,
        underline: current?.isActive('underline') ?? false,
        strike: current?.isActive('strike') ?? false,
        h2: current?.isActive('heading', { level: 2 }) ?? false,
        h3: current?.isActive('heading', { level: 3 }) ?? false,
        bulletList: current?.isActive('bulletList') ?? false,
        orderedList: current?.isActive('orderedList') ?? false,
        blockquote: current?.isActive('blockquote') ?? false,
        link: current?.isActive('link') ?? false,
        canUndo: current?.can().undo() ?? false,
        canRedo: current?.can().redo() ?? false,
      };
    },
  });
  if (!editor || editor.isDestroyed) return null;
  const chain = () => editor.chain().focus();
  const editLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('ops.notices.editor.linkPrompt'), previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const tool = (
    key: string,
    label: string,
    icon: ReactNode,
    isActive: boolean,
    run: () => void,
    disabled = false,
  ) => (
    <Tooltip title={label} key={key}>
      <Button
        type={isActive ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={isActive}
        disabled={disabled}
        onClick={run}
        data-testid={`editor-${key}`}
      />
    </Tooltip>
  );
  return (
    <div className="notice-editor">
      <div className="notice-editor__toolbar" role="toolbar" aria-label={t('ops.notices.editor.toolbar')}>
        {tool(
          'h2',
          `${t('ops.notices.editor.heading')} 2`,
          <span className="notice-editor__h">H2</span>,
          state?.h2 ?? false,
          () => chain().toggleHeading({ level: 2 }).run(),
        )}
        {tool(
          'h3',
          `${t('ops.notices.editor.heading')} 3`,
          <span className="notice-editor__h">H3</span>,
          state?.h3 ?? false,
          () => chain().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bold', t('ops.notices.editor.bold'), <BoldOutlined />, state?.bold ?? false, () =>
          chain().toggleBold().run(),
        )}
        {tool('italic', t('ops.notices.editor.italic'), <ItalicOutlined />, state?.italic ?? false, () =>
          chain().toggleItalic().run(),
        )}
        {tool(
          'underline',
          t('ops.notices.editor.underline'),
          <UnderlineOutlined />,
          state?.underline ?? false,
          () => chain().toggleUnderline().run(),
        )}
        {tool(
          'strike',
          t('ops.notices.editor.strike'),
          <StrikethroughOutlined />,
          state?.strike ?? false,
          () => chain().toggleStrike().run(),
        )}
        {tool(
          'bulletList',
          t('ops.notices.editor.bulletList'),
          <UnorderedListOutlined />,
          state?.bulletList ?? false,
          () => chain().toggleBulletList().run(),
        )}
        {tool(
          'orderedList',
          t('ops.notices.editor.orderedList'),
          <OrderedListOutlined />,
          state?.orderedList ?? false,
          () => chain().toggleOrderedList().run(),
        )}
        {tool(
          'quote',
          t('ops.notices.editor.quote'),
          <span className="notice-editor__h">❝</span>,
          state?.blockquote ?? false,
          () => chain().toggleBlockquote().run(),
        )}
        {tool('link', t('ops.notices.editor.link'), <LinkOutlined />, state?.link ?? false, editLink)}
        {tool(
          'undo',
          t('ops.notices.editor.undo'),
          <UndoOutlined />,
          false,
          () => chain().undo().run(),
          !state?.canUndo,
        )}
        {tool(
          'redo',
          t('ops.notices.editor.redo'),
          <RedoOutlined />,
          false,
          () => chain().redo().run(),
          !state?.canRedo,
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
