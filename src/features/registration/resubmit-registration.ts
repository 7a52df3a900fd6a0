import { submitRegistration } from '@/api/registration';
import type { Registration } from '@/types/api';
import { toRegistrationInput, type RegistrationForm } from './registration-draft';

/**
 * Submits a registration again to its own record (ScreeningRegister/Submit with its id, never a second
 * registration), keeping its questionnaire: 提交登记 of a draft and 保存 of a correction on 信息详情.
 */
export async function resubmitRegistration(
  registration: Registration,
  form: RegistrationForm,
): Promise<void> {
  await submitRegistration({
    ...toRegistrationInput(form, registration.id),
    questionnaireResponseId: registration.questionnaireResponseId,
  });
}
