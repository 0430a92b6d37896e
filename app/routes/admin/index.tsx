import { createFileRoute, redirect } from '@tanstack/react-router';

// /admin on its own opens the first page of the admin menu.
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
