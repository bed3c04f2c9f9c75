export default function BusinessDashboardRoute() {
  return <h1 className="text-2xl font-bold">BusinessDashboard</h1>;
}
