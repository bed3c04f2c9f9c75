import type { LoginBody, RegisterBody } from "@plaza/contracts/auth";
import type { SelfUserView } from "@plaza/contracts/users";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export function useSignIn() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<SelfUserView>("POST", "/api/auth/login", body),
    meta: { isSignIn: true },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<SelfUserView>("POST", "/api/auth/register", body),
  });
}
