/// <reference lib="webworker" />
// The service worker only composes; each concern lives in its own small module.
import { cacheApiReads } from './api-cache';
import { cacheImages } from './images';
import { keepPages } from './kept-pages';
import { NOT_APP_PATHS, answerNavigations } from './navigation';
import { answerFromPrecache, precacheShell } from './precache';
import { showReminders } from './push';
import { answerSavedEpisodes } from './saved-episodes';
import { listenForUpdateConsent } from './updates';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// One injection point: the build writes the precache manifest here, once.
const shellFiles = self.__WB_MANIFEST;
precacheShell(shellFiles);
answerNavigations(keepPages(self, shellFiles, NOT_APP_PATHS));
answerFromPrecache();
cacheApiReads();
answerSavedEpisodes();
cacheImages();
showReminders(self);
listenForUpdateConsent(self);
