/**
 * The house's rules (.dependency-cruiser.cjs, issue #27) hold on this tree, and each one fails
 * when a break of it is planted: a tree of a few files in a temporary folder is cruised with the
 * repository's own rule file.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Cruises a planted tree with the repository's rules; answers the violations found. */
async function cruise(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-house-'));
  planted.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.base.json'), '{ "compilerOptions": {} }');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const tops = [...new Set(Object.keys(files).map((file) => file.split('/')[0] as string))];
  const args = [...tops, '--config', config, '--output-type', 'json'];
  const output = await run(depcruise, args, { cwd: dir }).then(
    (r) => r.stdout,
    (error: { stdout: string }) => error.stdout,
  );
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}
const planted: string[] = [];
afterAll(() => planted.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A planted file that imports one name from another planted file. The paths are only text for
 * dependency-cruiser to read in a temporary folder; nothing here imports them.
 */
const plant = (name: string, from: string) =>
  `import { ${name} } from '${from}';\nexport const uses = ${name};\n`;

const names = (violations: Violation[]) => [...new Set(violations.map((v) => v.rule.name))];

describe('the rules of the house', () => {
  it('hold on this tree', async () => {
    const args = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/domain/src'];
    const result = await run(depcruise, [...args, '--config', config], {
      cwd: root,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
    );
    expect(result.out).not.toMatch(/error /);
    expect(result.code).toBe(0);
  }, 60_000);

  it('refuse a planted import cycle', async () => {
    const violations = await cruise({
      'apps/server/src/modules/cards/a.ts':
        "import { b } from './b.ts';\nexport const a = () => b;\n",
      'apps/server/src/modules/cards/b.ts':
        "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(names(violations)).toEqual(['no-circular']);
  }, 60_000);

  it('refuse a module reaching past another module’s face, and take its face and tables', async () => {
    const violations = await cruise({
      'apps/server/src/modules/media/service.ts': 'export const upload = 1;\n',
      'apps/server/src/modules/media/ports.ts': 'export const onAdded = 1;\n',
      'apps/server/src/modules/media/schema.ts': 'export const media = 1;\n',
      'apps/server/src/modules/cards/service.ts':
        "import { upload } from '../media/service.ts';\nimport { onAdded } from '../media/ports.ts';\n" +
        "import { media } from '../media/schema.ts';\nexport const x = [upload, onAdded, media];\n",
    });
    expect(violations.map((v) => [v.rule.name, v.to])).toEqual([
      ['module-faces', 'apps/server/src/modules/media/service.ts'],
    ]);
  }, 60_000);

  it('refuse the plumbing importing a module, the web the server, and the domain anything', async () => {
    const violations = await cruise({
      'apps/server/src/modules/mail/schema.ts': 'export const outbox = 1;\n',
      'apps/server/src/platform/mail/index.ts': plant('outbox', '../../modules/mail/schema.ts'),
      'apps/server/src/config.ts': 'export const config = 1;\n',
      'apps/web/src/app/main.ts': plant('config', '../../../server/src/config.ts'),
      'packages/domain/src/rule.ts': plant(
        'uses',
        ['..', '..', '..', 'apps', 'web', 'src', 'app', 'main.ts'].join('/'),
      ),
    });
    expect(names(violations).sort()).toEqual([
      'domain-is-pure',
      'platform-not-modules',
      'web-not-server',
    ]);
  }, 60_000);

  it('refuse a web feature importing another, and ui/ importing a feature', async () => {
    const violations = await cruise({
      'apps/web/src/features/cards/card.tsx': 'export const Card = 1;\n',
      'apps/web/src/features/projects/list.tsx':
        "import { Card } from '../cards/card.tsx';\nexport const List = Card;\n",
      'apps/web/src/ui/button.tsx':
        "import { List } from '../features/projects/list.tsx';\nexport const Button = List;\n",
    });
    expect(names(violations).sort()).toEqual(['features-apart', 'ui-not-features']);
  }, 60_000);
});

/** Every source file under a folder (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the rooms of the house', () => {
  it('are at most 500 lines each, data tables (which say so in their first comment) aside', () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
    const large = roots
      .flatMap((dir) => sources(path.join(root, dir)))
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.replace(/\n$/, '').split('\n').length > 500)
      .filter(({ text }) => !/^\/\*\*[^]*?\(a data table\)[^]*?\*\//.test(text))
      .map(({ file }) => path.relative(root, file));
    expect(large).toEqual([]);
  });
});
