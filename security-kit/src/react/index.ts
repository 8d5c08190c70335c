// Public entry of @studio/security-kit/react: React components built on the kit.
export {};
