import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { loadOpsTexts } from '../test-support';
import type { NoticeEditorProps } from './notice-editor';
import { RichTextField } from './rich-text-field';

beforeAll(loadOpsTexts);

function FakeEditor({ ariaLabel }: NoticeEditorProps) {
  return <div data-testid="fake-editor">{ariaLabel}</div>;
}

describe('RichTextField', () => {
  it("says the editor's resources failed to load when its chunk fails, and loads it again on retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: FakeEditor });
    renderWithProviders(<RichTextField ariaLabel="Body" loader={loader} />);
    const failed = await screen.findByTestId('editor-load-failed');
    expect(failed.textContent).toContain(
      "The rich-text editor's resources failed to load. Check that they exist and that the home URL is set.",
    );
    fireEvent.click(screen.getByTestId('editor-retry'));
    expect((await screen.findByTestId('fake-editor')).textContent).toBe('Body');
    expect(loader).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('shows a loading state until the editor arrives', async () => {
    let resolve: (value: { default: typeof FakeEditor }) => void = () => {};
    const loader = () => new Promise<{ default: typeof FakeEditor }>((done) => (resolve = done));
    renderWithProviders(<RichTextField ariaLabel="Body" loader={loader} />);
    expect(await screen.findByTestId('editor-loading')).toBeTruthy();
    resolve({ default: FakeEditor });
    expect(await screen.findByTestId('fake-editor')).toBeTruthy();
  });
});
