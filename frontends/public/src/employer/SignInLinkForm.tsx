import {
  EMPLOYER_MESSAGES,
  employerSignInLinkRequestSchema,
  type EmployerSignInLinkRequest,
} from '@b2g/contracts';
import { Alert, AlertDescription, Button, FormField, Input, SubmitButton } from '@b2g/ui';
import { apiRequest, FormAlert, useMutation } from '@b2g/web-platform';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formStyles } from '../auth/AuthLayout.js';

/**
 * Asks for a sign-in link to an address's postings. The answer is the same whether or not the
 * address has postings, so the page says only that a link is on its way if it has.
 */
export function SignInLinkForm() {
  const form = useForm<EmployerSignInLinkRequest>({
    resolver: zodResolver(employerSignInLinkRequestSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (body: EmployerSignInLinkRequest) =>
      apiRequest('POST', '/api/employer/sign-in-link', body),
  });
  if (send.isSuccess)
    return (
      <div css={formStyles}>
        <Alert variant="success">
          <AlertDescription>{EMPLOYER_MESSAGES.linkSent}</AlertDescription>
        </Alert>
        <Button variant="outline" fullWidth onClick={() => send.reset()}>
          Send another link
        </Button>
      </div>
    );
  return (
    <form noValidate css={formStyles} onSubmit={form.handleSubmit((body) => send.mutate(body))}>
      <FormAlert title="The link could not be sent" mutation={send} />
      <FormField
        label="Work e-mail"
        description="The address you gave when you posted."
        error={form.formState.errors.email?.message}
      >
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <SubmitButton fullWidth pending={send.isPending} pendingLabel="Sending...">
        E-mail me a sign-in link
      </SubmitButton>
    </form>
  );
}
