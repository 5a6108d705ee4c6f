import type { ReactNode } from 'react';

/** A page's frame inside the shell: its (already translated) title, optional extras, content. */
export interface PageContainerProps {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

export function PageContainer({ title, extra, children, testId }: PageContainerProps) {
  return (
    <section className="page" data-testid={testId}>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {extra}
      </header>
      {children}
    </section>
  );
}
