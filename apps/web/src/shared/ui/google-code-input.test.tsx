import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { typeGoogleCode } from '../../../test/google-code';
import { renderWithProviders } from '../../../test/render';
import { GoogleCodeInput } from './google-code-input';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('GoogleCodeInput', () => {
  it('is six boxes that give the form the code as one string, digits only', async () => {
    const values: unknown[] = [];
    renderWithProviders(
      <Form name="probe" onValuesChange={(_, all) => values.push(all.googleCode)}>
        <Form.Item name="googleCode">
          <GoogleCodeInput data-testid="code" />
        </Form.Item>
      </Form>,
    );
    const group = screen.getByTestId('code');
    const boxes = group.querySelectorAll('input');
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box.inputMode).toBe('numeric');
    typeGoogleCode('code', '12a4567');
    expect(values.at(-1)).toBe('124567');
  });

  it('is the only Google code input of the app: every googleCode field uses it', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const name = relative(SRC, file);
      if (name !== join('shared', 'ui', 'google-code-input.tsx') && text.includes('Input.OTP'))
        offenders.push(name);
      for (const match of text.matchAll(
        /<Form\.Item\s+name="(googleCode|code)"[^>]*googleCode[^>]*>\s*<(\w+)/g,
      )) {
        if (match[2] !== 'GoogleCodeInput') offenders.push(`${name}: <${match[2]}>`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
