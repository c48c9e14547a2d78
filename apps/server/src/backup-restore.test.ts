/**
 * The documented backup and restore (scripts/backup.sh, scripts/restore.sh): back up a database
 * and upload store in use, restore them into a fresh database and folder, and find everything
 * there: the people and their sessions, the organisation, the project, its cards and the files.
 * Runs on PostgreSQL (TEST_DATABASE_URL, as CI does); PGlite installations copy DATA_DIR instead.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from './app.ts';
import { migrateDatabase, openDatabase, type Database } from './platform/db/index.ts';
import { createAgent } from '../test/agent.ts';
import { testConfig } from '../test/app.ts';
import { createCardAs, createProjectIn } from '../test/cards.ts';
import { createPostgresDatabase } from '../test/database.ts';
import { onOrg, ownerWithOrganization } from '../test/organization.ts';
import { REPO_DIR } from '../test/server-process.ts';

const run = promisify(execFile);
const clusterUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const opened: { built: BuiltApp; database: Database }[] = [];
afterAll(async () => {
  for (const { built, database } of opened) {
    await built.app.close();
    await database.close();
  }
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(name: string) {
  const made = await mkdtemp(path.join(tmpdir(), `assay-${name}-`));
  folders.push(made);
  return made;
}

async function appOn(databaseUrl: string, dataDir: string, migrate: boolean) {
  const database = await openDatabase({ databaseUrl, poolSize: 3 });
  if (migrate) await migrateDatabase(database);
  const built = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, jobs: false });
  opened.push({ built, database });
  return built;
}

describe.skipIf(!clusterUrl)('backup and restore', () => {
  it('restores a backup into a fresh database and folder with nothing missing', async () => {
    const url = clusterUrl ?? '';
    const liveUrl = await createPostgresDatabase(url);
    const liveDir = await folder('live');
    const live = await appOn(liveUrl, liveDir, true);
    const { owner, org } = await ownerWithOrganization(live);
    const projectId = await createProjectIn(owner.agent, org.slug, 'Backed up');
    const titles = ['Students pay for feedback', 'Mentors want a dashboard'];
    for (const title of titles) {
      const { card } = await createCardAs(owner.agent, org.slug, {
        projectId,
        title,
        draft: false,
      });
      expect(card).toBeDefined();
    }
    const fileKey = `backups/${org.id}/notes.txt`;
    await live.services.storage.write(fileKey, Buffer.from('interview notes'));

    const backupDir = await folder('backup');
    await run('bash', [path.join(REPO_DIR, 'scripts/backup.sh'), backupDir], {
      env: { ...process.env, DATABASE_URL: liveUrl, DATA_DIR: liveDir },
    });

    const restoredUrl = await createPostgresDatabase(url);
    const restoredDir = await folder('restored');
    await run('bash', [path.join(REPO_DIR, 'scripts/restore.sh'), backupDir], {
      env: { ...process.env, DATABASE_URL: restoredUrl, DATA_DIR: restoredDir },
    });
    // Migrations find nothing to do on a restored database.
    const restored = await appOn(restoredUrl, restoredDir, true);

    // The same browser session works against the restored copy.
    const sameBrowser = createAgent(restored.app);
    for (const [name, value] of owner.agent.cookies) sameBrowser.cookies.set(name, value);
    const answer = await onOrg(
      sameBrowser,
      org.slug,
      `query($projectId: ID!) { project(id: $projectId) { id name }
         canvas(projectId: $projectId) { cards { title } } }`,
      { projectId },
    );
    expect(answer.errors).toBeUndefined();
    const data = answer.data as {
      project: { name: string };
      canvas: { cards: { title: string }[] };
    };
    expect(data.project.name).toBe('Backed up');
    const restoredTitles = data.canvas.cards.map((c) => c.title);
    expect(restoredTitles.sort()).toEqual([...titles].sort());
    expect((await restored.services.storage.read(fileKey))?.toString()).toBe('interview notes');
  }, 120_000);
});
