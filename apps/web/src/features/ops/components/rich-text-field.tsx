import { Alert, Button, Skeleton } from 'antd';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeEditorProps } from './notice-editor';

/**
 * The notice body's field: the TipTap editor, loaded as its own chunk the first time a notice
 * form opens (the console's other pages and every merchant page never load it). If the chunk
 * fails to load, the SPEC's message says the editor's resources failed to load and to check
 * that they exist and that the home URL is set; "Reload" tries the chunk again.
 */
export type EditorLoader = () => Promise<{ default: ComponentType<NoticeEditorProps> }>;

const loadEditor: EditorLoader = () => import('./notice-editor');

class EditorBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('notice editor failed to load', error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback(() => {
      this.props.onRetry();
      this.setState({ failed: false });
    });
  }
}

export interface RichTextFieldProps extends NoticeEditorProps {
  /** Tests give a failing loader; the app uses the real chunk. */
  loader?: EditorLoader;
}

export function RichTextField({ loader = loadEditor, ...props }: RichTextFieldProps) {
  const { t } = useTranslation();
  const [Editor, setEditor] = useState(() => lazy(loader));
  return (
    <EditorBoundary
      onRetry={() => setEditor(() => lazy(loader))}
      fallback={(retry) => (
        <Alert
          type="error"
          showIcon
          title={t('ops.notices.editor.loadFailed')}
          action={
            <Button size="small" onClick={retry} data-testid="editor-retry">
              {t('ops.notices.editor.retry')}
            </Button>
          }
          data-testid="editor-load-failed"
        />
      )}
    >
      <Suspense
        fallback={
          <div
            role="status"
            aria-busy="true"
            aria-label={t('ops.notices.editor.loading')}
            data-testid="editor-loading"
          >
            <Skeleton active paragraph={{ rows: 5 }} title={false} />
          </div>
        }
      >
        <Editor {...props} />
      </Suspense>
    </EditorBoundary>
  );
}
