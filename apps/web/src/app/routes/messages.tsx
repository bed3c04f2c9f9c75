export default function MessagesRoute() {
  return <h1 className="text-2xl font-bold">Messages</h1>;
}
