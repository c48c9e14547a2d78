/**
 * Schema assembly: each module's schema text (with `extend type …` allowed) built into one
 * schema, then its resolvers attached to the fields (and scalar implementations to scalars).
 */
import type { GraphQLObjectType } from 'graphql';
import {
  buildASTSchema,
  concatAST,
  GraphQLScalarType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  parse,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';
import type { GatewayModule } from './module.ts';

type FieldResolvers = Record<string, GraphQLFieldResolver<unknown, unknown>>;

export function buildModuleSchema(modules: GatewayModule[]): GraphQLSchema {
  const document = concatAST(modules.map((m) => parse(m.typeDefs)));
  const schema = buildASTSchema(document);
  for (const module of modules) {
    for (const [typeName, implementation] of Object.entries(module.resolvers)) {
      const type = schema.getType(typeName);
      if (!type) throw new Error(`${module.name}: resolvers for unknown type ${typeName}`);
      if (implementation instanceof GraphQLScalarType && isScalarType(type)) {
        type.serialize = implementation.serialize;
        type.parseValue = implementation.parseValue;
        type.parseLiteral = implementation.parseLiteral;
        continue;
      }
      if (isInterfaceType(type) || isUnionType(type)) {
        const resolveType = (
          implementation as { __resolveType?: GraphQLTypeResolver<unknown, unknown> }
        ).__resolveType;
        if (resolveType) type.resolveType = resolveType;
        continue;
      }
      if (!isObjectType(type)) throw new Error(`${module.name}: ${typeName} takes no resolvers`);
      attachFieldResolvers(module.name, type, implementation as FieldResolvers);
    }
  }
  return schema;
}

function attachFieldResolvers(
  moduleName: string,
  type: GraphQLObjectType,
  resolvers: FieldResolvers,
) {
  const fields = type.getFields();
  for (const [fieldName, resolve] of Object.entries(resolvers)) {
    const field = fields[fieldName];
    if (!field)
      throw new Error(`${moduleName}: resolver for unknown field ${type.name}.${fieldName}`);
    field.resolve = resolve;
  }
}
