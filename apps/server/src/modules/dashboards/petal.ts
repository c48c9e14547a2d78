/**
 * The petal diagram by hand (part 2 §7: petal and petal company create, update, delete): a
 * category or company a person touches is theirs, and a regeneration leaves it alone.
 */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  MAX_PETAL_CATEGORIES,
  MAX_PETAL_COMPANIES,
  petalCategoryInputSchema,
  petalCompanyInputSchema,
  type PetalCategory,
} from '@assay/domain';
import type { MemberContext, RequestContext } from '../../http/member-context.ts';
import type { AppServices } from '../../services.ts';
import { parse } from '../../http/parse.ts';
import { editableProject, saveProjectPart } from './dashboard.ts';

type Change = (categories: PetalCategory[]) => PetalCategory[];

async function changePetal(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  change: Change,
  context: RequestContext,
) {
  const access = await editableProject(services, member, projectId);
  const categories = change(access.project.petal.categories.map((c) => ({ ...c })));
  return saveProjectPart(services, member, access, { petal: { categories } }, 'petal', context);
}

function category(categories: PetalCategory[], petalId: string) {
  const found = categories.find((c) => c.id === petalId);
  if (!found) throw new AppError('notFound');
  return found;
}

export function createPetal(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(petalCategoryInputSchema.safeParse(input));
  return changePetal(
    services,
    member,
    projectId,
    (categories) => {
      if (categories.length >= MAX_PETAL_CATEGORIES) {
        throw new AppError('validation', {
          message: `A petal diagram holds up to ${MAX_PETAL_CATEGORIES} categories.`,
        });
      }
      return [...categories, { id: randomUUID(), ...data, companies: [], generated: false }];
    },
    context,
  );
}

export function updatePetal(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  petalId: string,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(petalCategoryInputSchema.partial().safeParse(input));
  return changePetal(
    services,
    member,
    projectId,
    (categories) => {
      const found = category(categories, petalId);
      Object.assign(found, data, { generated: false });
      return categories;
    },
    context,
  );
}

export function deletePetal(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  petalId: string,
  context: RequestContext,
) {
  return changePetal(
    services,
    member,
    projectId,
    (categories) => {
      category(categories, petalId);
      return categories.filter((c) => c.id !== petalId);
    },
    context,
  );
}

export function createPetalCompany(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  petalId: string,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(petalCompanyInputSchema.safeParse(input));
  return changePetal(
    services,
    member,
    projectId,
    (categories) => {
      const found = category(categories, petalId);
      if (found.companies.length >= MAX_PETAL_COMPANIES) {
        throw new AppError('validation', {
          message: `A category holds up to ${MAX_PETAL_COMPANIES} companies.`,
        });
      }
      found.companies = [...found.companies, { id: randomUUID(), ...data }];
      found.generated = false;
      return categories;
    },
    context,
  );
}

export function updatePetalCompany(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  petalId: string,
  companyId: string,
  input: unknown,
  context: RequestContext,
) {
  const data = parse(petalCompanyInputSchema.partial().safeParse(input));
  return changePetal(
    services,
    member,
    projectId,
    (categories) => {
      const found = category(categories, petalId);
      const company = found.companies.find((c) => c.id === companyId);
      if (!company) throw new AppError('notFound');
      Object.assign(company, data);
      found.generated = false;
      return categories;
    },
    context,
  );
}

export function deletePetalCompany(
  services: AppServices,
  member: MemberContext,
  projectId: string,
  petalId: string,
  companyId: string,
  context: RequestContext,
) {
  return changePetal(
    services,
    member,
    projectId,
    (categories) => {
      const found = category(categories, petalId);
      if (!found.companies.some((c) => c.id === companyId)) throw new AppError('notFound');
      found.companies = found.companies.filter((c) => c.id !== companyId);
      found.generated = false;
      return categories;
    },
    context,
  );
}
