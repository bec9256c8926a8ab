// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { makeStore } from '../../../app/store.ts';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { routes } from '../routes.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The feature's real route table (lazy screens) plus the places it sends people to. */
function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        ),
        children: [
          ...routes,
          { path: '/my-weeklydiv', element: <p>personal area</p> },
          { path: '/pricing', element: <p>pricing page</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const signedOut = { 'GET /api/user': { status: 401 } };
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const errorOf = (name: string) => {
  const id = field(name).getAttribute('aria-describedby');
  return id ? (document.getElementById(id.split(' ').pop()!)?.textContent ?? null) : null;
};
const form = (name: string) => screen.getByRole('form', { name });

describe('auth screen: tabs and routes', () => {
  it('/signup shows the Sign Up tab; the Log In tab switches the route to /login and back', async () => {
    mockFetch(signedOut);
    const router = renderAt('/signup');
    const signUpTab = await screen.findByRole('tab', { name: 'Sign Up' });
    expect(signUpTab.getAttribute('aria-selected')).toBe('true');
    expect(within(form('Sign Up')).getByRole('button', { name: 'Sign Up for Free' })).toBeTruthy();
    expect(within(form('Sign Up')).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/pricing');

    fireEvent.click(screen.getByRole('tab', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('tab', { name: 'Log In' }).getAttribute('aria-selected')).toBe('true');
    expect(within(form('Log In')).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(within(form('Log In')).getByRole('button', { name: 'Log In' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(screen.getByRole('form', { name: 'Sign Up' })).toBeTruthy();
  });

  it('the sign-up pitch: free, with up to 5 favorite ETFs (D11, spec §1); not on the Log In tab', async () => {
    mockFetch(signedOut);
    renderAt('/signup');
    const pitch = await screen.findByTestId('signup-pitch');
    expect(pitch.textContent).toBe('Free forever: track your holdings and their payouts, and save up to 5 favorite ETFs. No credit card required.');
    expect(within(form('Sign Up')).getByTestId('signup-pitch')).toBe(pitch);
    fireEvent.click(screen.getByRole('tab', { name: 'Log In' }));
    await waitFor(() => expect(screen.queryByTestId('signup-pitch')).toBeNull());
  });

  it('react-router warns about nothing on /login, /signup and /register', async () => {
    const warn = vi.spyOn(console, 'warn');
    for (const path of ['/login', '/signup', '/register']) {
      mockFetch(signedOut);
      renderAt(path);
      await screen.findByRole('tab', { name: path === '/login' ? 'Log In' : 'Sign Up', selected: true });
      cleanup();
    }
    expect(warn.mock.calls.map((args) => String(args[0]))).toEqual([]);
    warn.mockRestore();
  });

  it('/register is the same screen on the Sign Up tab', async () => {
    mockFetch(signedOut);
    renderAt('/register');
    expect((await screen.findByRole('tab', { name: 'Sign Up' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('First Name')).toBeTruthy();
  });

  it('a signed-in user is sent to /my-weeklydiv', async () => {
    mockFetch({ 'GET /api/user': user() });
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-weeklydiv'));
  });
});

describe('sign up', () => {
  it('shows every validation message and sends nothing', async () => {
    const calls = mockFetch(signedOut);
    renderAt('/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up for Free' }));
    expect(errorOf('First Name')).toBe('First name is required');
    expect(errorOf('Last Name')).toBe('Last name is required');
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters');
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('First Name'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // After a submit, the messages follow the typing.
    type('First Name', 'Ann');
    expect(errorOf('First Name')).toBeNull();
    expect(errorOf('Last Name')).toBe('Last name is required');
  });

  it('registers, then goes to the personal area', async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/register': { status: 201, body: user() } });
    const router = renderAt('/signup');
    await screen.findByLabelText('First Name');
    type('First Name', ' Ann ');
    type('Last Name', 'Lee');
    type('Email', 'ann@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up for Free' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-weeklydiv'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret1' });
  });

  it('"Registration failed" with the server message', async () => {
    mockFetch({ ...signedOut, 'POST /api/register': { status: 409, body: { message: 'An account with this email already exists' } } });
    renderAt('/signup');
    await screen.findByLabelText('First Name');
    type('First Name', 'Ann');
    type('Last Name', 'Lee');
    type('Email', 'ann@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up for Free' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Registration failed');
    expect(toast.textContent).toContain('An account with this email already exists');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
  });

  it('the password can be shown and hidden', async () => {
    mockFetch(signedOut);
    renderAt('/signup');
    await screen.findByLabelText('Password');
    expect(field('Password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password').type).toBe('password');
  });
});

describe('log in', () => {
  it('validates e-mail and password length', async () => {
    const calls = mockFetch(signedOut);
    renderAt('/login');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example');
    type('Password', '12345');
    fireEvent.click(within(form('Log In')).getByRole('button', { name: 'Log In' }));
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(errorOf('Password')).toBe('Password must be at least 6 characters');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('logs in, then goes to the personal area', async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/login': user() });
    const router = renderAt('/login');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    type('Password', 'secret1');
    fireEvent.click(within(form('Log In')).getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-weeklydiv'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ann@example.com', password: 'secret1' });
  });

  it('"Login failed" with the server message', async () => {
    mockFetch({ ...signedOut, 'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } } });
    renderAt('/login');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    type('Password', 'secret1');
    fireEvent.click(within(form('Log In')).getByRole('button', { name: 'Log In' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Login failed');
    expect(toast.textContent).toContain('Invalid email or password');
  });
});

describe('forgot password', () => {
  it('validates, sends the address, shows the answer and a way back to log in', async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/forgot-password': { message: 'ok' } });
    renderAt('/forgot-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(errorOf('Email')).toBe('Invalid email address');
    type('Email', 'ann@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      (await screen.findByText("If an account exists with the email you provided, you'll receive a password reset link shortly.")).textContent,
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ann@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Log In' }).getAttribute('href')).toBe('/login');
  });

  it('a failure shows the server message, or "An error occurred. Please try again."', async () => {
    let answer: unknown = { status: 429, body: { message: 'Too many requests' } };
    mockFetch({ ...signedOut, 'POST /api/forgot-password': () => answer });
    renderAt('/forgot-password');
    await screen.findByLabelText('Email');
    type('Email', 'ann@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Too many requests');
    answer = { status: 502 };
    const send = screen.getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('An error occurred. Please try again.'));
  });
});

describe('reset password', () => {
  it('without a token: the invalid-link message; submitting anyway: "Invalid reset token"', async () => {
    const calls = mockFetch(signedOut);
    renderAt('/reset-password');
    expect((await screen.findByText('Invalid reset link. Please request a new password reset.')).getAttribute('role')).toBe('alert');
    type('New Password', 'abcdef');
    type('Confirm Password', 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Invalid reset token');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('both fields at least 6 characters; "Passwords don\'t match" on the confirmation', async () => {
    mockFetch(signedOut);
    renderAt('/reset-password?token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(errorOf('New Password')).toBe('Password must be at least 6 characters');
    expect(errorOf('Confirm Password')).toBe('Password must be at least 6 characters');
    type('New Password', 'abcdef');
    type('Confirm Password', 'abcdeg');
    expect(errorOf('New Password')).toBeNull();
    expect(errorOf('Confirm Password')).toBe("Passwords don't match");
  });

  it('a refused token shows the server message', async () => {
    mockFetch({ ...signedOut, 'POST /api/reset-password': { status: 400, body: { message: 'This reset link is invalid or has expired.' } } });
    renderAt('/reset-password?token=abc');
    await screen.findByLabelText('New Password');
    type('New Password', 'abcdef');
    type('Confirm Password', 'abcdef');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('This reset link is invalid or has expired.');
  });

  it('success: the message, then /login after 3 seconds', async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/reset-password': { message: 'ok' } });
    const router = renderAt('/reset-password?token=tok-123');
    await screen.findByLabelText('New Password');
    // what a reset does beside the password (audit I1)
    screen.getByText(/signs you out on every device and replaces your private calendar link/);
    type('New Password', 'abcdef');
    type('Confirm Password', 'abcdef');
    // Only setTimeout is faked (the redirect timer); the request settles on real promises.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const flush = () => act(async () => void (await new Promise((r) => setImmediate(r))));
    for (let i = 0; i < 50 && !screen.queryByText('Your password has been reset successfully'); i++) await flush();
    expect(screen.getByText('Your password has been reset successfully').getAttribute('role')).toBe('status');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'tok-123', newPassword: 'abcdef', revokeTokens: true });
    await act(async () => void (await vi.advanceTimersByTimeAsync(2999)));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    await flush();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('verify email', () => {
  const INVALID = 'This verification link is invalid, has expired or was already used. Request a new one from My WeeklyDiv.';
  const posts = (calls: { method: string; url: URL }[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

  const DETAILS = { maskedEmail: 'j***@example.com', registeredAt: '2026-11-27T15:05:00.000Z', ownerAddress: false };
  const QUESTION = 'Confirm the WeeklyDiv account for j***@example.com created on Nov 27, 2026, 10:05 AM ET?';

  it('asks "Was this you?" with whose sign-up the link confirms, and posts nothing else before the answer', async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/verify-email/details': DETAILS });
    renderAt('/verify-email?token=tok-0');
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Was this you?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes, confirm my email' }).getAttribute('aria-describedby')).toBe('yes-hint');
    expect(screen.getByRole('button', { name: "No, I didn't sign up" })).toBeTruthy();
    expect(posts(calls, '/api/verify-email/details').map((c) => (c as { body?: unknown }).body)).toEqual([{ token: 'tok-0' }]);
    expect(posts(calls, '/api/verify-email')).toHaveLength(0);
    expect(screen.queryByText(/site owner's address/)).toBeNull();
    expect(document.title).toContain('Verify Email');
  });

  it("the owner's address: says that away from its own session either answer signs every device out", async () => {
    mockFetch({ ...signedOut, 'POST /api/verify-email/details': { ...DETAILS, maskedEmail: 'o***@weeklydiv.local', ownerAddress: true } });
    renderAt('/verify-email?token=tok-owner');
    expect(await screen.findByText(/This is the site owner's address\. Unless this browser is signed in to the account, either answer signs every device out/)).toBeTruthy();
  });

  it('"Yes, confirm my email": posts the token once with choice confirm, says it is verified and links to the personal area', async () => {
    let verified = false;
    const calls = mockFetch({
      'GET /api/user': () => user({ emailVerified: verified }),
      'POST /api/verify-email/details': DETAILS,
      'POST /api/verify-email': () => ((verified = true), { message: 'Your email address is verified.', passwordToken: null }),
    });
    renderAt('/verify-email?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, confirm my email' }));
    expect((await screen.findByText('Your email address is verified.')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Go to My WeeklyDiv' }).getAttribute('href')).toBe('/my-weeklydiv');
    expect(posts(calls, '/api/verify-email').map((c) => (c as { body?: unknown }).body)).toEqual([{ token: 'tok-1', choice: 'confirm' }]);
  });

  it('"No, I didn\'t sign up": the sessions ended, so it goes straight on to choosing a password with the answer\'s token', async () => {
    const message = 'Your email address is verified. Every session of this account has ended: choose a password to sign in.';
    const calls = mockFetch({
      ...signedOut,
      'POST /api/verify-email/details': DETAILS,
      'POST /api/verify-email': { message, passwordToken: 'pw-token' },
      'POST /api/reset-password': { message: 'ok' },
    });
    renderAt('/verify-email?token=tok-2');
    fireEvent.click(await screen.findByRole('button', { name: "No, I didn't sign up" }));
    expect(await screen.findByRole('heading', { name: 'Choose a Password' })).toBeTruthy();
    expect(screen.getByText(message).getAttribute('role')).toBe('status');
    type('New Password', 'abcdef');
    type('Confirm Password', 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect((await screen.findByText('Your password has been reset successfully')).getAttribute('role')).toBe('status');
    expect(posts(calls, '/api/reset-password').map((c) => (c as { body?: unknown }).body)).toEqual([{ token: 'pw-token', newPassword: 'abcdef', revokeTokens: true }]);
    expect(posts(calls, '/api/verify-email').map((c) => (c as { body?: unknown }).body)).toEqual([{ token: 'tok-2', choice: 'takeover' }]);
  });

  it('a link that died between the question and the answer: the server\'s message', async () => {
    mockFetch({ ...signedOut, 'POST /api/verify-email/details': DETAILS, 'POST /api/verify-email': { status: 400, body: { message: INVALID } } });
    renderAt('/verify-email?token=tok-3');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, confirm my email' }));
    expect((await screen.findByText(INVALID)).getAttribute('role')).toBe('alert');
  });

  it('a used, expired or unknown link, signed out: the server\'s message and the way to Log In for a new link', async () => {
    mockFetch({ ...signedOut, 'POST /api/verify-email/details': { status: 400, body: { message: INVALID } } });
    renderAt('/verify-email?token=used');
    expect((await screen.findByText(INVALID)).getAttribute('role')).toBe('alert');
    expect((await screen.findByRole('link', { name: 'Log In to request a new link' })).getAttribute('href')).toBe('/login');
  });

  it('a dead link while signed in and not verified: "Resend verification email" with toasts for sent and refused', async () => {
    let resends = 0;
    mockFetch({
      'GET /api/user': user({ emailVerified: false }),
      'POST /api/verify-email/details': { status: 400, body: { message: INVALID } },
      'POST /api/resend-verification': () =>
        ++resends === 1
          ? { message: 'We sent a new verification link to ann@example.com.' }
          : { status: 429, body: { message: 'Please wait 42 seconds before requesting another verification email.' } },
    });
    renderAt('/verify-email?token=old');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    const sent = await screen.findByTestId('toast');
    expect(sent.textContent).toContain('Verification email sent');
    expect(sent.textContent).toContain('We sent a new verification link to ann@example.com.');
    // The toast lands when the request's promise settles; the button is enabled again one render
    // later. A click in between would hit a disabled button (as a person's would).
    const again = screen.getByRole('button', { name: 'Resend verification email' }) as HTMLButtonElement;
    await waitFor(() => expect(again.disabled).toBe(false));
    fireEvent.click(again);
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Please wait 42 seconds before requesting another verification email.'));
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
  });

  it('without a token: says the link is incomplete and posts nothing', async () => {
    const calls = mockFetch(signedOut);
    renderAt('/verify-email');
    expect((await screen.findByText(/This verification link is incomplete/)).getAttribute('role')).toBe('alert');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
