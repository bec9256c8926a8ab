import { type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { VisuallyHidden } from '../../../components/ui/layout.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { theme } from '../../../styles/theme.ts';
import { useLoginMutation, useRegisterMutation } from '../../../lib/session/api.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { AuthLayout, Centered, Form, LinkRow, Row } from '../components/auth-layout.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { validateLogin, validateSignup } from '../validation.ts';

type Mode = 'signup' | 'login';

const TABS = [
  { key: 'signup', label: 'Sign Up' },
  { key: 'login', label: 'Log In' },
] as const;

/**
 * `/login`, `/signup` and `/register`: one screen, two tabs; the tab is the
 * route. Declared as a pathless parent of the three paths, so switching tabs keeps the screen (and
 * the focus on the tab list). Signed in already, or once signed in: off to the personal area.
 */
export default function AuthRoute() {
  const { pathname } = useLocation();
  const mode: Mode = pathname.toLowerCase().startsWith(paths.login) ? 'login' : 'signup';
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle(mode === 'login' ? 'Log In' : 'Sign Up');

  if (user) return <Navigate to={paths.personalArea} replace />;
  if (isLoading) return <AuthLayout busy>{null}</AuthLayout>;

  return (
    <AuthLayout>
      <VisuallyHidden as="h1">{mode === 'login' ? 'Log In' : 'Sign Up'}</VisuallyHidden>
      <Tabs tabs={TABS} value={mode} label="Sign up or log in" onChange={(key) => navigate(key === 'login' ? paths.login : paths.signup)}>
        {mode === 'login' ? <LoginForm /> : <SignupForm />}
      </Tabs>
    </AuthLayout>
  );
}

function SignupForm() {
  const form = useFormFields({ firstName: '', lastName: '', email: '', password: '' }, validateSignup);
  const [register, { isLoading }] = useRegisterMutation();
  const { toast } = useToast();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    const { firstName, lastName, email, password } = form.values;
    try {
      // The answer becomes the current user; the screen then redirects to the personal area.
      await register({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), password }).unwrap();
    } catch (error) {
      toast({ title: 'Registration failed', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Sign Up">
      {/* The spec's sign-up pitch (§1: "up to 5 favorite ETFs"), as the Free plan on /pricing lists it (D11). */}
      <Pitch data-testid="signup-pitch">
        <strong>Free forever:</strong> track your holdings and their payouts, and save up to 5 favorite ETFs. No credit card required.
      </Pitch>
      <Row>
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
      </Row>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
      <Button type="submit" $size="lg" $block disabled={isLoading}>
        Sign Up for Free
      </Button>
      <Centered>
        <Link to={paths.pricing}>Upgrade to Premium</Link>
      </Centered>
    </Form>
  );
}

function LoginForm() {
  const form = useFormFields({ email: '', password: '' }, validateLogin);
  const [login, { isLoading }] = useLoginMutation();
  const { toast } = useToast();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    try {
      await login({ email: form.values.email.trim(), password: form.values.password }).unwrap();
    } catch (error) {
      toast({ title: 'Login failed', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Log In">
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <LinkRow>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </LinkRow>
      <SubmitButton type="submit" $size="lg" $block disabled={isLoading}>
        Log In
      </SubmitButton>
    </Form>
  );
}

const Pitch = styled.p`
  margin: 0 0 4px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  line-height: 1.5;
  & strong {
    color: ${theme.colors.textPrimary};
  }
`;

const SubmitButton = styled(Button)`
  margin-top: 4px;
`;
