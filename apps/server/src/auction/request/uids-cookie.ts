// Reading the `uids` cookie for buyer IDs (contract "The uids cookie", "Buyer ID rules" 3; notes §2).
// The one codec lives in usersync/uids-cookie.ts (it also writes the cookie); re-exported here for the auction.
export { readUidsCookie, UIDS_COOKIE } from '../../usersync/uids-cookie.js';
