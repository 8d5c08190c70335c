// ONE suite of behaviours the Backend port must show, run through the http adapter against the real server
// (server/test/backend-contract-http.test.ts). A harness seeds its server with contractSeed(); every case runs, none is
// left as a todo: what the suite asks is what the server does.
//
// The cases are grouped by area, one module each (public-reads, booking-requests, admin-bookings, content, sign-in);
// contract-support.ts holds the harness's types and the helpers they share.
import { describeAdminBookings } from './admin-bookings';
import { describeBookingRequests } from './booking-requests';
import { describeContent } from './content';
import { contractScope, type ContractHarness } from './contract-support';
import { describePublicReads } from './public-reads';
import { describeSignIn } from './sign-in';

export { contractSeed, contractBooking, contractPhotoshoot, type ContractSeed } from './contract-seed';
export type { ContractHarness, ContractSubject } from './contract-support';

export function describeBackendContract(harness: ContractHarness): void {
  describe(`Backend contract: ${harness.name}`, () => {
    const scope = contractScope(harness);
    describePublicReads(scope);
    describeBookingRequests(scope);
    describeAdminBookings(scope);
    describeContent(scope);
    describeSignIn(scope);
  });
}
