/** A customer's verification attempts, every method, for an operator: newest first. */
import { customers, type DbOrTx, desc, eq, sql, verificationAttempts } from '@drawhouse/db';

const CUSTOMER = {
  id: customers.id,
  email: customers.email,
  firstname: customers.firstname,
  lastname: customers.lastname,
  dateOfBirth: customers.dateOfBirth,
  verifiedAt: customers.verifiedAt,
};

export function verificationHistoryRepository(db: DbOrTx) {
  return {
    async customerById(id: string) {
      const [row] = await db.select(CUSTOMER).from(customers).where(eq(customers.id, id));
      return row;
    },

    async customerByEmail(email: string) {
      const [row] = await db
        .select(CUSTOMER)
        .from(customers)
        .where(eq(sql`lower(${customers.email})`, email.trim().toLowerCase()));
      return row;
    },

    attempts(customerId: string) {
      return db
        .select()
        .from(verificationAttempts)
        .where(eq(verificationAttempts.customerId, customerId))
        .orderBy(desc(verificationAttempts.createdAt), desc(verificationAttempts.id));
    },
  };
}
