/**
 * Statements on PGlite through its wire protocol (issue #28). PGlite's `query` sends every
 * statement as its unnamed statement in six calls into PostgreSQL (Parse, Describe, Bind,
 * Describe, Execute, Sync, each a round trip of its own), so PostgreSQL parses and plans it again
 * each time. On PostgreSQL the statements the code names (`prepared()`, `executeSql(…, name)`) are
 * parsed and planned once per connection; here they are too. PGlite is one backend, so a statement
 * parsed under a name stays for the instance's life, and each later run is one Bind, Execute and
 * Sync. Every other statement is still parsed each time as the unnamed statement, but in two
 * calls: Parse and Describe (for its parameters' types), then Bind and Execute. Both run under
 * the same locks PGlite's own `query` takes. A statement that carries a blob (COPY through
 * `/dev/blob`) or its own parameter types goes through PGlite's own `query`.
 *
 * The messages are written and PostgreSQL's answers read with node-postgres's own protocol code
 * (`pg-protocol`, what `pg` uses on PostgreSQL), not PGlite's copy of it: PGlite's is built with
 * its private fields as WeakMaps and copies every string's bytes before decoding or writing them,
 * ~10–25 µs a statement more, and more for wide rows. So PGlite's own handling of what it parsed
 * does not apply here: a NOTIFY's notification is not handed to PGlite's listeners (Assay listens
 * only on PostgreSQL; on PGlite its realtime bus is in the process), and a notice is not logged.
 */
import type * as PgliteModule from '@electric-sql/pglite';
import type {
  ParserOptions,
  PGlite,
  QueryOptions,
  Results,
  Transaction,
} from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import { statementName } from './statement-names.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Parsed {
  /** PostgreSQL's name for it on this instance. */
  name: string;
  /** The parameters' types, from the statement's description. */
  paramTypes: number[];
  /** The rows' description (absent for a statement that returns none). */
  rowDescription: BackendMessage | undefined;
}

/** The statements parsed by name on one PGlite instance. */
export class PgliteStatements {
  readonly #parsed = new Map<string, Parsed>();
  /**
   * PGlite's parsers with a caller's own over them, by the caller's parsers object. PGlite's
   * `parseResults` spreads its 318 parsers and the caller's into a new object on every call that
   * brings its own (drizzle always does): ~90 µs a statement. A prepared drizzle query keeps its
   * parsers object, so here that is done once: the caller's parsers over PGlite's own as their
   * prototype, which stays PGlite's live table (it adds array types' parsers to it in place).
   */
  readonly #merged = new WeakMap<ParserOptions, PGlite['parsers']>();

  private readonly pglite: PGlite;
  private readonly lib: Pick<typeof PgliteModule, 'parse'>;
  /** Where a notification the statements' answers carry goes (the database's listeners). */
  onNotification: ((channel: string, payload: string) => void) | undefined;

  constructor(pglite: PGlite, lib: Pick<typeof PgliteModule, 'parse'>) {
    this.pglite = pglite;
    this.lib = lib;
  }

  /**
   * Runs `text` as a named statement, or as the unnamed one (`unnamed`). `inTransaction`: the
   * caller is inside PGlite's transaction, which already holds the transaction lock (as
   * `Transaction.query` does).
   */
  async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
    { inTransaction = false, unnamed = false }: { inTransaction?: boolean; unnamed?: boolean } = {},
  ): Promise<Results<T>> {
    await this.pglite._checkReady();
    const run = () =>
      this.pglite._runExclusiveQuery(() => this.#run<T>(text, params, options, !unnamed));
    const result = await (inTransaction ? run() : this.pglite._runExclusiveTransaction(run));
    if (!inTransaction) await this.pglite.syncToFs();
    return result;
  }

  /** PGlite's parsers, with the caller's own (if any) over them. */
  #parsers(own: ParserOptions | undefined): PGlite['parsers'] {
    if (!own) return this.pglite.parsers;
    let merged = this.#merged.get(own);
    if (!merged) {
      merged = Object.assign(Object.create(this.pglite.parsers) as PGlite['parsers'], own);
      this.#merged.set(own, merged);
    }
    return merged;
  }

  /**
   * Sends protocol messages and reads what PostgreSQL answers. Its first error is thrown, as
   * PGlite's `execProtocolStream` does; what came after it is dropped.
   */
  async #exchange(message: Buffer): Promise<BackendMessage[]> {
    const chunks: Buffer[] = [];
    await this.pglite.execProtocolRawStream(message, {
      syncToFs: false,
      // A view of PGlite's memory, reused for the next chunk: copied.
      onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
    });
    const messages: BackendMessage[] = [];
    let failure: unknown;
    new Parser().parse(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), (answer) => {
      if (failure) return;
      // A NOTIFY of the statement (a trigger's): PGlite's own listeners never see this reader's
      // messages, so it is handed over here.
      if (answer.name === 'notification') {
        const note = answer as unknown as { channel: string; payload: string };
        this.onNotification?.(note.channel, note.payload);
        return;
      }
      if (answer.name === 'error') failure = answer;
      // The same shapes PGlite's parser gives (PGlite's is a copy of this one).
      else messages.push(answer as unknown as BackendMessage);
    });
    if (failure) throw failure;
    return messages;
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    named: boolean,
  ): Promise<Results<T>> {
    try {
      let parsed = named ? this.#parsed.get(text) : undefined;
      if (!parsed) {
        const name = named ? `assay_${this.#parsed.size + 1}` : '';
        const described = await this.#exchange(
          Buffer.concat([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        parsed = {
          name,
          paramTypes: this.lib.parse.parseDescribeStatementResults(described),
          rowDescription: described.find((message) => message.name === 'rowDescription'),
        };
        if (named) this.#parsed.set(text, parsed);
      }
      // Serialised by each parameter's type, as PGlite's own query does.
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = parsed.paramTypes[index] ?? 0;
        const serializer = options?.serializers?.[type] ?? this.pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.#exchange(
        Buffer.concat([
          serialize.bind({ statement: parsed.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      const described = parsed.rowDescription ? [parsed.rowDescription, ...messages] : messages;
      const { parsers: own, ...rest } = options ?? {};
      return this.lib.parse.parseResults(described, this.#parsers(own), rest)[0] as Results<T>;
    } catch (error) {
      // Like PGlite's own errors: the statement and its parameters travel with the error.
      if (error && typeof error === 'object') Object.assign(error, { query: text, params });
      throw error;
    }
  }
}

/**
 * The client drizzle is given on PGlite: statements the code named run prepared, everything else
 * as the unnamed statement in two calls, inside a transaction too. One with a blob or its own
 * parameter types is PGlite's own.
 */
export function pgliteStatementsClient(pglite: PGlite, statements: PgliteStatements): PGlite {
  const query = (inTransaction: boolean, own: Transaction['query'], closed?: () => boolean) =>
    function (text: string, params?: unknown[], options?: QueryOptions) {
      if (options?.blob !== undefined || options?.paramTypes !== undefined)
        return own(text, params, options);
      // As PGlite's own transaction does: nothing runs in it once it has ended.
      if (closed?.()) return Promise.reject(new Error('Transaction is closed'));
      const unnamed = statementName(text) === undefined;
      return statements.query(text, params, options, { inTransaction, unnamed });
    };
  const outerQuery = query(false, (text, params, options) => pglite.query(text, params, options));
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pglite.transaction((tx) => {
      const innerQuery = query(
        true,
        (text, params, options) => tx.query(text, params, options),
        () => tx.closed,
      );
      return callback(
        new Proxy(tx, {
          get(inner, key) {
            if (key === 'query') return innerQuery;
            const value = Reflect.get(inner, key, inner) as unknown;
            return typeof value === 'function' ? value.bind(inner) : value;
          },
        }),
      );
    });
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return outerQuery;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
