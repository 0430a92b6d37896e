import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/audience/privacy-page';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});
