// The admin dashboard, loaded only for the signed-in admin.
export default function AdminApp() {
  return (
    <section className="page">
      <h1>Dashboard</h1>
    </section>
  );
}
