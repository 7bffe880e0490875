// The sales part of the contract: schemas, types and messages of the sales API.
export {};
