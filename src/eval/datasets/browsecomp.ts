import { createHash } from 'node:crypto';
import { DatasetError } from '../errors.js';
import type { EvalQuestion } from '../types.js';
import type { Table } from './read-records.js';
import { cell, requiredCell } from './table-cells.js';

const hint =
  'BrowseComp files are CSV with the columns "problem", "answer" and "canary", problem and answer encrypted.';
const utf8 = new TextDecoder('utf-8', { fatal: true });
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark a failed decryption.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/;

/**
 * BrowseComp's published scheme: the key is the SHA-256 digest of the canary string, repeated to the
 * length of the base64-decoded ciphertext, and XORed with it. Throws when the result is not UTF-8.
 */
export function decryptBrowseComp(ciphertextBase64: string, canary: string): string {
  const encrypted = Buffer.from(ciphertextBase64, 'base64');
  const key = createHash('sha256').update(canary, 'utf8').digest();
  const plain = encrypted.map((byte, index) => byte ^ (key[index % key.length] ?? 0));
  return utf8.decode(plain);
}

/** The inverse of `decryptBrowseComp` (XOR is its own inverse), for fixtures. */
export function encryptBrowseComp(plaintext: string, canary: string): string {
  const bytes = Buffer.from(plaintext, 'utf8');
  const key = createHash('sha256').update(canary, 'utf8').digest();
  return Buffer.from(bytes.map((byte, index) => byte ^ (key[index % key.length] ?? 0))).toString('base64');
}

/** BrowseComp questions, decrypted with each row's canary; ids are row positions from 0. */
export function browseCompQuestions(table: Table): EvalQuestion[] {
  return table.rows.map((row, position) => {
    const canary = requiredCell(row, 'canary', hint);
    const decrypt = (column: string) => {
      const value = decryptBrowseComp(requiredCell(row, column, hint), canary);
      // XOR has no integrity check: a wrong key shows as invalid UTF-8 or control characters.
      if (!value.trim() || CONTROL_CHARACTERS.test(value)) throw new Error('not text');
      return value.trim();
    };
    const topic = cell(row, 'problem_topic');
    try {
      return {
        id: String(position),
        question: decrypt('problem'),
        answer: decrypt('answer'),
        aliases: [],
        types: topic ? [topic] : [],
      };
    } catch (error) {
      if (error instanceof DatasetError) throw error;
      throw new DatasetError(
        { ...row.location, field: 'canary' },
        "the problem or answer does not decrypt to text with this row's canary; the file may not be BrowseComp-encrypted (pass --format simpleqa for plain text).",
        { cause: error },
      );
    }
  });
}
