/// <reference lib="webworker" />
// The service worker only composes; each concern lives in its own small module.
import { cacheApiReads } from './api-cache';
import { cacheImages } from './images';
import { fallBackToShell } from './navigation';
import { precacheShell } from './precache';
import { showReminders } from './push';
import { answerSavedEpisodes } from './saved-episodes';
import { listenForUpdateConsent } from './updates';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheShell(self.__WB_MANIFEST);
fallBackToShell();
cacheApiReads();
answerSavedEpisodes();
cacheImages();
showReminders(self);
listenForUpdateConsent(self);
