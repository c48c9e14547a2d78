/** zod schemas built on the checks, for the server's input parsing (part 1 §5, part 2 §5). */
import { z } from 'zod';
import {
  clampPassword,
  isValidEmail,
  isValidUrl,
  passwordProblem,
  VALIDATION_MESSAGES,
} from './checks.ts';
import { LANGUAGES, LIMITS } from './limits.ts';
import { sanitizeName } from './text.ts';

export const emailSchema = z
  .string()
  .trim()
  .refine(isValidEmail, { message: VALIDATION_MESSAGES.invalidEmail })
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string()
  .transform(clampPassword)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const projectNameSchema = z
  .string({ message: VALIDATION_MESSAGES.projectNameRequired })
  .transform(sanitizeName)
  .refine((n) => n.length > 0, { message: VALIDATION_MESSAGES.projectNameRequired });

export const projectDescriptionSchema = z
  .string()
  .refine((d) => d.trim().length >= LIMITS.projectDescriptionMin, {
    message: VALIDATION_MESSAGES.projectDescriptionMin,
  });

export const languageSchema = z.enum(LANGUAGES, { message: VALIDATION_MESSAGES.languageRequired });

export const linkSchema = z
  .object({ url: z.string().trim(), text: z.string().trim().optional() })
  .superRefine((v, ctx) => {
    if (!v.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: VALIDATION_MESSAGES.urlRequired });
    else if (!isValidUrl(v.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: VALIDATION_MESSAGES.urlInvalid });
  })
  .transform((v) => ({ url: v.url, text: v.text || v.url }));
