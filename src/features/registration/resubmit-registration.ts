import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateReads, REGISTRATION_READS } from '@/api/read-keys';
import { submitRegistration } from '@/api/registration';
import type { Registration } from '@/types/api';
import { toRegistrationInput, type RegistrationForm } from './registration-draft';

/**
 * Submits a registration again to its own record (ScreeningRegister/Submit with its id, never a second
 * registration), keeping its questionnaire: 提交登记 of a draft and 保存 of a correction on 信息详情.
 * Once saved, every read of registrations asks again (the detail among them), not waited for: the
 * page closes what it had open first.
 */
export function useResubmitRegistration(registration: Registration) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: RegistrationForm) =>
      submitRegistration({
        ...toRegistrationInput(form, registration.id),
        questionnaireResponseId: registration.questionnaireResponseId,
      }),
    onSuccess: () => void invalidateReads(queryClient, REGISTRATION_READS),
  });
}
