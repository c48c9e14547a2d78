/** Validation rules that refuse abusive queries: too deep, or too costly. */
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';
import { ERRORS, formatGatewayError, type ErrorCode } from '@assay/domain';

/** Argument names whose value multiplies the cost of a field's selection. */
const LIST_SIZE_ARGUMENTS = new Set(['first', 'last', 'limit', 'take', 'count']);
const DEFAULT_LIST_SIZE = 1;

function limitError(code: ErrorCode, detail: string): GraphQLError {
  const definition = ERRORS[code];
  return new GraphQLError(
    formatGatewayError({
      statusCode: definition.status,
      message: definition.message,
      ref: definition.ref,
      context: detail,
    }),
    { extensions: { code, statusCode: definition.status, ref: definition.ref } },
  );
}

function intValue(node: ValueNode, variables: Record<string, unknown> | undefined): number | null {
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.VARIABLE) {
    const value = variables?.[node.name.value];
    return typeof value === 'number' ? value : null;
  }
  return null;
}

interface Measure {
  depth: number;
  cost: number;
}

function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visiting: Set<string>,
  multiplier: number,
): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      let size = DEFAULT_LIST_SIZE;
      for (const argument of selection.arguments ?? []) {
        if (LIST_SIZE_ARGUMENTS.has(argument.name.value)) {
          size = Math.max(1, intValue(argument.value, undefined) ?? DEFAULT_LIST_SIZE);
        }
      }
      cost += multiplier;
      if (selection.selectionSet) {
        const inner = measure(selection.selectionSet, fragments, visiting, multiplier * size);
        depth = Math.max(depth, inner.depth + 1);
        cost += inner.cost;
      } else {
        depth = Math.max(depth, 1);
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const inner = measure(selection.selectionSet, fragments, visiting, multiplier);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      // Unknown or cyclic fragments are reported by the standard rules.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      const inner = measure(fragment.selectionSet, fragments, visiting, multiplier);
      visiting.delete(name);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
  }
  return { depth, cost };
}

/**
 * What one root field costs before its selection: each is at least one trip to the database, so
 * aliases of the same root field (400 × `project(id:)`) add up (issue #25 weakness 4).
 */
export const ROOT_FIELD_COST = 50;
/**
 * Root fields that cost far more than a read by id (#47 item 5): a search reads every card of
 * the organisation. Weighed so that two fit in one operation and thirty aliases do not.
 */
export const COSTLY_ROOT_FIELDS: Readonly<Record<string, number>> = { globalSearch: 2000 };

/** Root fields one operation may ask for, aliases included. */
export const MAX_ROOT_FIELDS = 30;

/** Root fields of an operation, aliases and fragments at the root included, and their weight. */
function rootFields(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visiting = new Set<string>(),
): { count: number; weight: number } {
  let count = 0;
  let weight = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      count += 1;
      weight += COSTLY_ROOT_FIELDS[selection.name.value] ?? ROOT_FIELD_COST;
    } else {
      const name = selection.kind === Kind.INLINE_FRAGMENT ? null : selection.name.value;
      const inner =
        selection.kind === Kind.INLINE_FRAGMENT
          ? selection.selectionSet
          : fragments[name ?? '']?.selectionSet;
      if (!inner || (name && visiting.has(name))) continue;
      if (name) visiting.add(name);
      const nested = rootFields(inner, fragments, visiting);
      if (name) visiting.delete(name);
      count += nested.count;
      weight += nested.weight;
    }
  }
  return { count, weight };
}

/**
 * A validation rule refusing operations deeper than maxDepth, with more root fields than
 * MAX_ROOT_FIELDS, or costlier than maxCost (each root field weighing ROOT_FIELD_COST more).
 */
export function createQueryLimitsRule(limits: { maxDepth: number; maxCost: number }) {
  return function QueryLimits(context: ValidationContext): ASTVisitor {
    const document = context.getDocument();
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const { count: roots, weight } = rootFields(operation.selectionSet, fragments);
        const measured = measure(operation.selectionSet, fragments, new Set(), 1);
        const depth = measured.depth;
        const cost = measured.cost + weight;
        if (roots > MAX_ROOT_FIELDS) {
          context.reportError(
            limitError(
              'queryTooCostly',
              `${roots} root fields (aliases count) are over the limit of ${MAX_ROOT_FIELDS}`,
            ),
          );
        } else if (depth > limits.maxDepth) {
          context.reportError(
            limitError('queryTooDeep', `depth ${depth} is over the limit of ${limits.maxDepth}`),
          );
        } else if (cost > limits.maxCost) {
          context.reportError(
            limitError('queryTooCostly', `cost ${cost} is over the limit of ${limits.maxCost}`),
          );
        }
      },
    };
  };
}
