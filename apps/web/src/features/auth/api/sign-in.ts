import type { LoginBody, RegisterBody } from "@plaza/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export function useSignIn() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.post("/api/auth/login", { body }),
    meta: { isSignIn: true },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post("/api/auth/register", { body }),
  });
}
