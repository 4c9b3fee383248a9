// Host config proposed for first-party data: NONE. Upstream has no host or account switch for it
// (G firstpartydata, exchange.go; J FpdResolver): it runs for every /openrtb2/auction and
// /openrtb2/amp request, driven only by request fields (docs/first-party-data.md). The one related
// control, the account activity `transmitUfpd` (privacy), belongs to the privacy module.
// Exported empty so the coordinator's section list stays uniform; merging it adds no key.
export const firstPartyDataSection = {};
