// The contract suite against the memory adapter (the one the UI's component tests use).
import { createMemoryBackend, MEMORY_DEFAULT_ADMIN_EMAIL } from '../memory';
import { contractSeed, describeBackendContract } from './backend-contract';

const seed = contractSeed();
const at = '2025-01-01T00:00:00.000Z';

describeBackendContract({
  name: 'memory',
  capabilities: {
    bookingCreate: true,
    signIn: true,
    adminSession: true,
    rejectsNonAdminAtRequest: true,
    acceptBookingRule: true,
    idempotencyBoundToBody: true,
    passkeys: true,
    contentWrites: true,
    statusUndo: true,
  },
  seed,
  create: async () => {
    const backend = createMemoryBackend({
      services: seed.services,
      portfolioMeta: seed.portfolioMeta,
      portfolioContent: seed.portfolioContent,
      projects: [seed.project],
      galleries: { [seed.project.id]: seed.gallery },
      availability: {
        periods: seed.availability.periods.map((p, i) => ({ id: `p${i}`, ...p, createdAt: at, updatedAt: at })),
        unavailable: seed.availability.unavailable.map((u, i) => ({ id: `u${i}`, ...u, createdAt: at })),
        slots: seed.availability.slots.map((s, i) => ({ id: `s${i}`, ...s, createdAt: at })),
      },
    });
    return {
      backend,
      signInAsAdmin: async () => {
        await backend.auth.requestLink(MEMORY_DEFAULT_ADMIN_EMAIL);
        const message = backend.outbox[backend.outbox.length - 1];
        if (!message) throw new Error('no sign-in link was sent');
        await backend.auth.completeSignIn(message.token, MEMORY_DEFAULT_ADMIN_EMAIL);
      },
      passkeyDevice: {
        switchToAnother: () => {
          backend.authenticator.holds = [];
        },
        dismissNextPrompt: () => {
          backend.authenticator.dismissNext = true;
        },
      },
      teardown: async () => undefined,
    };
  },
});
