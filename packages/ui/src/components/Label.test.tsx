import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from './Input.js';
import { FormField } from './Label.js';

describe('FormField', () => {
  it('labels its control and announces its error', () => {
    render(
      <FormField
        label="Email"
        error="Please enter a valid email address"
        description="We never share it."
      >
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'We never share it. Please enter a valid email address',
    );
  });

  it('marks a required field without putting the star in the accessible name', () => {
    render(
      <FormField label="First Name" required>
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAttribute(
      'aria-required',
      'true',
    );
  });
});
