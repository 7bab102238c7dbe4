import {
  COMPANY_LOGO_TYPES,
  COMPANY_MESSAGES,
  companyUpdateRequestSchema,
  type Company,
  type CompanyUpdateRequest,
} from '@b2g/contracts';
import { Button, FormField, Input, space, SubmitButton, Textarea } from '@b2g/ui';
import { apiRequest, FormAlert, toast, useMutation } from '@b2g/web-platform';
import { zodResolver } from '@hookform/resolvers/zod';
import { css } from '@emotion/react';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { companyEditPath, logoProblem, uploadLogo, type CompanyEditorKind } from './companyApi.js';

type CompanyForm = z.input<typeof companyUpdateRequestSchema>;

const formStyles = css({ display: 'grid', gap: space[5] });
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space[2] });

export interface CompanyEditFormProps {
  company: Company;
  editor: CompanyEditorKind;
  /** After a save, with the company as the server now has it. */
  onSaved: (company: Company) => void;
  onCancel: () => void;
}

/**
 * The company's name, website, description and logo, for the admin or an employer allowed to edit
 * it. The logo's type and size are checked here with the contract's words; the server decides.
 */
export default function CompanyEditForm({
  company,
  editor,
  onSaved,
  onCancel,
}: CompanyEditFormProps) {
  const form = useForm<CompanyForm, unknown, CompanyUpdateRequest>({
    resolver: zodResolver(companyUpdateRequestSchema),
    defaultValues: {
      name: company.name,
      website: company.website ?? '',
      description: company.description ?? '',
    },
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: async (body: CompanyUpdateRequest) => {
      const saved = await apiRequest<Company>('PATCH', companyEditPath(editor, company.slug), body);
      return logo ? uploadLogo(editor, company.slug, logo) : saved;
    },
    onSuccess: (saved) => {
      toast({ title: COMPANY_MESSAGES.saved });
      onSaved(saved);
    },
  });

  const chooseLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? logoProblem(file) : undefined;
    setLogoError(problem);
    setLogo(problem ? null : file);
  };

  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label="Edit company"
      css={formStyles}
      onSubmit={form.handleSubmit((body) => {
        if (!logoError) save.mutate(body);
      })}
    >
      <FormAlert title="The company could not be saved" mutation={save} />
      <FormField label="Company name" error={errors.name?.message}>
        <Input autoComplete="organization" {...form.register('name')} />
      </FormField>
      <FormField label="Website" error={errors.website?.message}>
        <Input type="url" autoComplete="url" {...form.register('website')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={5} {...form.register('description')} />
      </FormField>
      <FormField
        label="Logo"
        description="PNG, JPEG or WebP, at most 2 MB; shown as a square."
        error={logoError}
      >
        <Input type="file" accept={COMPANY_LOGO_TYPES.join(',')} onChange={chooseLogo} />
      </FormField>
      <div css={actionsStyles}>
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save company
        </SubmitButton>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
