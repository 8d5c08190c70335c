-- A contract may be signed on the client's behalf. The signature's event keeps the signer's role and the
-- client they signed for (both NULL when the client signed, and on every other event).
ALTER TABLE contract_events ADD COLUMN role TEXT;
ALTER TABLE contract_events ADD COLUMN on_behalf_of TEXT;
