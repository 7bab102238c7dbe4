import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminJobsPage from './AdminJobsPage.js';
import AdminLoginPage from './AdminLoginPage.js';

describe('admin remote route components', () => {
  it('render their page headings', () => {
    render(<AdminLoginPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    render(<AdminJobsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Jobs' })).toBeInTheDocument();
  });
});
