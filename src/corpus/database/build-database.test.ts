import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuild } from './build-database.js';
import { TABLES } from './schema.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A live index (its tables, one setting) in a folder of its own. */
function liveIndex() {
  const folder = mkdtempSync(join(tmpdir(), 'deepresearch-build-'));
  folders.push(folder);
  const indexPath = join(folder, 'index.db');
  const live = new Database(indexPath);
  live.exec(TABLES);
  live.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('root', '/corpus');
  const builds = () => readdirSync(folder).filter((name) => name.endsWith('.building'));
  return { folder, indexPath, live, builds };
}

describe('startBuild', () => {
  it('gives two builds of one index at once a file each: one ending leaves the other whole', async () => {
    const { indexPath, live, builds } = liveIndex();
    const first = await startBuild(live, indexPath);
    const second = await startBuild(live, indexPath);
    expect(first.db.name).not.toBe(second.db.name);
    expect(builds()).toHaveLength(2);
    second.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('built_by', 'second');

    await first.discard();
    expect(existsSync(second.db.name)).toBe(true);
    expect(builds()).toHaveLength(1);
    await second.publish();
    await second.discard();
    const value = live.prepare("SELECT value FROM meta WHERE key = 'built_by'").pluck().get();
    expect(value).toBe('second');
    expect(builds()).toEqual([]);
    live.close();
  });

  it('deletes builds whose process is gone and the old single name, never a running build', async () => {
    const { folder, indexPath, live, builds } = liveIndex();
    // A process that has exited: its pid names no running process (until the system reuses it).
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const crashed = `index.db.${gone}-0a1b2c.building`;
    const running = `index.db.${process.pid}-3d4e5f.building`;
    for (const name of [crashed, running, 'index.db.building', 'other.db.1-aa.building'])
      writeFileSync(join(folder, name), 'left');
    const build = await startBuild(live, indexPath);
    const left = builds();
    expect(left).not.toContain(crashed);
    expect(left).not.toContain('index.db.building');
    expect(left).toContain(running);
    expect(left).toContain('other.db.1-aa.building');
    await build.discard();
    live.close();
  });
});
