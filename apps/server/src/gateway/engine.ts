/**
 * Parse, validate and execute with caches: parsed documents by query text (LRU), validation
 * results and operation lookups by document, and compiled (graphql-jit) operations by document
 * and operation name. A repeated operation costs little more than a plain route.
 */
import {
  execute as executeInterpreted,
  getOperationAST,
  parse as parseDocument,
  specifiedRules,
  validate as validateDocument,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** How many distinct query texts keep their parsed document. */
const DOCUMENT_CACHE_SIZE = 1000;
/** Parsing stops beyond this many tokens, so a huge query cannot tie up the server. */
const MAX_TOKENS = 5000;

export interface ExecuteOptions {
  document: DocumentNode;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
  context: unknown;
}

export interface GatewayEngine {
  schema: GraphQLSchema;
  /** Throws a GraphQLError on syntax errors. */
  parse(source: string): DocumentNode;
  validate(document: DocumentNode): readonly GraphQLError[];
  operation(
    document: DocumentNode,
    operationName: string | undefined,
  ): OperationDefinitionNode | null;
  execute(options: ExecuteOptions): Promise<ExecutionResult> | ExecutionResult;
}

export function createGatewayEngine(options: {
  schema: GraphQLSchema;
  rules?: readonly ValidationRule[];
  jit: boolean;
}): GatewayEngine {
  const { schema, jit } = options;
  const rules = [...specifiedRules, ...(options.rules ?? [])];
  const documents = new Map<string, DocumentNode>();
  const validations = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  const operations = new WeakMap<DocumentNode, Map<string, OperationDefinitionNode | null>>();
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery>>();

  const perDocument = <T>(map: WeakMap<DocumentNode, Map<string, T>>, document: DocumentNode) => {
    let entry = map.get(document);
    if (!entry) {
      entry = new Map();
      map.set(document, entry);
    }
    return entry;
  };

  return {
    schema,
    parse(source) {
      const hit = documents.get(source);
      if (hit) {
        documents.delete(source);
        documents.set(source, hit);
        return hit;
      }
      const document = parseDocument(source, { maxTokens: MAX_TOKENS });
      documents.set(source, document);
      if (documents.size > DOCUMENT_CACHE_SIZE) {
        documents.delete(documents.keys().next().value as string);
      }
      return document;
    },
    validate(document) {
      const cached = validations.get(document);
      if (cached) return cached;
      const errors = validateDocument(schema, document, rules);
      validations.set(document, errors);
      return errors;
    },
    operation(document, operationName) {
      const byName = perDocument(operations, document);
      const key = operationName ?? '';
      let operation = byName.get(key);
      if (operation === undefined) {
        operation = getOperationAST(document, operationName) ?? null;
        byName.set(key, operation);
      }
      return operation;
    },
    execute({ document, operationName, variables, context }) {
      if (!jit) {
        return executeInterpreted({
          schema,
          document,
          operationName: operationName ?? null,
          variableValues: variables ?? null,
          contextValue: context,
        }) as Promise<ExecutionResult> | ExecutionResult;
      }
      const byName = perDocument(compiled, document);
      const key = operationName ?? '';
      let query = byName.get(key);
      if (!query) {
        const result = compileQuery(schema, document, operationName);
        if (!isCompiledQuery(result)) return result;
        query = result;
        byName.set(key, query);
      }
      return query.query(undefined, context, variables ?? {}) as
        Promise<ExecutionResult> | ExecutionResult;
    },
  };
}
