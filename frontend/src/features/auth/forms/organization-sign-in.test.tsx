// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { reply, stubApi } from '../../../testing/fake-api';
import { signInPage } from './sign-in-page.testing';

cleanUpAfterEachTest();

const page = signInPage({
  path: '/client/login',
  heading: 'Client Dashboard Login',
  submitLabel: 'Login to Dashboard',
});

const LOOKUP = 'GET /api/auth/sso?email=grace%40school.example';

describe("'Sign in with <Organization>' on the login pages (issue 17)", () => {
  it('appears once typing pauses on an address whose domain has single sign-on, keeping the return path', async () => {
    const api = stubApi({ [LOOKUP]: reply({ available: true, organizationName: 'Northwind School' }) });
    await page.open('/client/login?redirect=%2Fclient%2Fdashboard%2F3');
    for (const partial of ['g', 'grace@', 'grace@school', 'grace@school.example']) page.type('Email', partial);
    const button = await screen.findByRole('link', { name: 'Sign in with Northwind School' });
    expect(button.getAttribute('href')).toBe(
      '/api/auth/sso/start?email=grace%40school.example&redirect=%2Fclient%2Fdashboard%2F3',
    );
    // One question, for the finished address: not one per key.
    expect(api.requests.filter((r) => r.path.startsWith('/api/auth/sso'))).toHaveLength(1);
  });

  it('stays away for a domain without single sign-on, and goes when the address changes domain', async () => {
    stubApi({
      [LOOKUP]: reply({ available: true, organizationName: 'Northwind School' }),
      'GET /api/auth/sso?email=grace%40home.example': reply({ available: false, organizationName: null }),
    });
    await page.open();
    page.type('Email', 'grace@school.example');
    await screen.findByRole('link', { name: 'Sign in with Northwind School' }, { timeout: 3000 });
    page.type('Email', 'grace@home.example');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });
});
