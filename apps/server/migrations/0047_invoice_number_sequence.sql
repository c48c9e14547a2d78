-- The sandbox processor numbers its invoices in one sequence across accounts (#30), as Recurly does.
CREATE SEQUENCE IF NOT EXISTS "payment_sandbox_invoice_number" START WITH 1001;
