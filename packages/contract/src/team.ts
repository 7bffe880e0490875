// The team part of the contract: schemas, types and messages of the team API.
export {};
