import { describe, expect, it } from 'vitest';
import { personEditor } from './person-editor.js';

const UNDER_NPM = { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' };

describe('personEditor', () => {
  it('ignores the vi npm exports to npx when the person chose no editor', () => {
    expect(personEditor({ ...UNDER_NPM, EDITOR: 'vi' })).toBeUndefined();
  });

  it('keeps the editor the person chose, under npm or not', () => {
    expect(personEditor({ EDITOR: 'vi' })).toBe('vi');
    expect(personEditor({ ...UNDER_NPM, EDITOR: 'nano' })).toBe('nano');
    expect(personEditor({ ...UNDER_NPM, EDITOR: 'vi', VISUAL: 'vi' })).toBe('vi');
  });

  it('has none when neither variable names one', () => {
    expect(personEditor({ EDITOR: '  ', VISUAL: '' })).toBeUndefined();
  });
});
