/** The member profile form (part 1 §3 Profile, §5 profile maxima). */
import { z } from 'zod';
import { isValidUrl } from './checks.ts';
import { LIMITS } from './limits.ts';
import { editorTooLongMessage } from './checks.ts';

const max = (field: string, limit: number) =>
  z.string().trim().max(limit, editorTooLongMessage(field, limit));

export const profileUpdateSchema = z
  .object({
    firstName: max('first name', LIMITS.profile.firstName).min(1, 'Please enter your first name.'),
    lastName: max('last name', LIMITS.profile.lastName).min(1, 'Please enter your last name.'),
    bgColor: z.number().int().min(1).max(LIMITS.avatarColors),
    /** What the person does (§3 jobRole); the latest one they gave anywhere is offered next. */
    jobRole: max('job role', 100),
    info: z
      .object({
        title: max('title', LIMITS.profile.title),
        department: max('department', LIMITS.profile.department),
        aboutMe: max('about me', LIMITS.profile.aboutMe),
        phone: max('phone', LIMITS.profile.phone),
        nickname: max('nickname', LIMITS.profile.firstName),
        linkedin: max('LinkedIn URL', LIMITS.profile.linkedin).refine(
          (v) => v === '' || isValidUrl(v),
          {
            message: 'Please enter a valid http or https URL.',
          },
        ),
      })
      .partial(),
  })
  .partial()
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
