/**
 * What an AI draft leaves on a project besides its cards, written through the real routes: the
 * dashboard statements, the market's notes and analysis, and a petal diagram of six categories of
 * alternatives with five companies each (23 KB of JSON in the project's row). BENCH_DRAFTED=1
 * seeds the benches' project with it: every request about the project then reads such a row.
 */
type Gateway = (
  query: string,
  variables?: Record<string, unknown>,
) => Promise<{ data?: Record<string, unknown>; errors?: unknown }>;

const prose = (words: number, seed: number) =>
  Array.from(
    { length: words },
    (_, i) =>
      ['students', 'pickup', 'parcels', 'library', 'evening', 'campus', 'lockers'][
        (i * 7 + seed) % 7
      ],
  ).join(' ');

export async function draftWriteUps(gateway: Gateway, projectId: string): Promise<void> {
  const check = (answer: Awaited<ReturnType<Gateway>>) => {
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data ?? {};
  };
  check(
    await gateway('mutation($i: JSON!) { updateProjectDashboard(input: $i) { tabOrder } }', {
      i: {
        projectId,
        whoFor: prose(45, 1),
        problemStatement: prose(45, 2),
        solutionStatement: prose(45, 3),
        whyNot: prose(45, 4),
        whyNow: prose(45, 5),
      },
    }),
  );
  check(
    await gateway('mutation($i: JSON!) { updateProjectMarket(input: $i) { tabOrder } }', {
      i: { projectId, notes: prose(110, 6), analysis: prose(280, 7) },
    }),
  );
  for (let c = 0; c < 6; c += 1) {
    const created = check(
      await gateway(
        'mutation($p: ID!, $i: JSON!) { createPetal(projectId: $p, input: $i) { petal { categories { id } } } }',
        {
          p: projectId,
          i: {
            title: `Alternative ${c + 1}`,
            description: prose(55, c),
            marketAnalysis: prose(70, c + 1),
            value: prose(12, c + 2),
          },
        },
      ),
    ) as { createPetal: { petal: { categories: { id: string }[] } } };
    const petalId = created.createPetal.petal.categories.at(-1)?.id;
    for (let k = 0; k < 5; k += 1)
      check(
        await gateway(
          'mutation($p: ID!, $c: ID!, $i: JSON!) { createPetalCompany(projectId: $p, petalId: $c, input: $i) { tabOrder } }',
          {
            p: projectId,
            c: petalId,
            i: {
              name: `Company ${c + 1}.${k + 1}`,
              description: prose(30, c + k),
              link: `https://example.com/${c}/${k}`,
            },
          },
        ),
      );
  }
}
