import { createFileRoute } from '@tanstack/react-router';
import { tenantHasEvents } from '../../domain/tenants';
import { ErrorState } from '../components/states';
import { EventsPage } from '../features/events/events-page';
import { EventsPending } from '../features/events/events-pending';
import { eventsQuery } from '../features/events/api';
import { currentTenant } from '../lib/tenant';

export const Route = createFileRoute('/events')({
  // Outside watzhott the API answers 404; the page says so without asking.
  loader: ({ context }) => (tenantHasEvents(currentTenant()) ? context.queryClient.ensureQueryData(eventsQuery()) : undefined),
  pendingComponent: EventsPending,
  component: EventsPage,
  errorComponent: ({ error }) => <ErrorState error={error} />,
});
