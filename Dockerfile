# PropSearch agent image: API + built web UI, run as a non-root user.
#   docker build -t propsearch/agent:latest .      (or: scripts/docker/build-images.sh --agent)
# BASE_IMAGE: a Debian 12 image for the Python stages (python3.11); WEB_BASE_IMAGE: a Debian 13
# image for the web build only (Vite needs Node >= 20.19; bookworm's nodejs is 18).
# Behind an intercepting HTTPS proxy put its CA certificates (*.crt) in skills/.extra-ca/
# (build-images.sh does): only the build stages trust them; the final stage never sees them.
ARG BASE_IMAGE=debian:bookworm-slim
ARG WEB_BASE_IMAGE=debian:trixie-slim

FROM ${WEB_BASE_IMAGE} AS web
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY skills/.extra-ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM ${BASE_IMAGE} AS python
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY skills/.extra-ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
RUN python3 -m venv /opt/venv
WORKDIR /src
# Dependencies first (cached until pyproject.toml changes), then the package itself.
COPY pyproject.toml README.m[d] ./
RUN mkdir -p agent_graph && touch agent_graph/__init__.py \
 && /opt/venv/bin/pip install --no-cache-dir --disable-pip-version-check . \
 && /opt/venv/bin/pip uninstall -y -q propsearch
COPY agent_graph/ ./agent_graph/
RUN /opt/venv/bin/pip install --no-cache-dir --disable-pip-version-check --no-deps . \
 && /opt/venv/bin/pip uninstall -y -q pip setuptools \
 && python3 -m compileall -q /opt/venv/lib
# Package data the wheel does not carry yet (pyproject.toml declares no package-data).
COPY agent_graph/memory/assets/ /opt/venv/lib/python3.11/site-packages/agent_graph/memory/assets/
# A skill that runs in this container (no `image:` of its own, e.g. mcp_time's MCP server over
# stdio) gets its requirements.txt in a venv built here, /opt/skill-venvs/<name>
# (SKILL_VENVS_DIR): the skills folder compose mounts holds the host's .venv, made elsewhere.
COPY skills/ /tmp/skills/
RUN mkdir -p /opt/skill-venvs && for dir in /tmp/skills/*/; do \
      name=$(basename "$dir"); \
      if [ -f "$dir/requirements.txt" ] && ! grep -q '^image:' "$dir/SKILL.md"; then \
        python3 -m venv "/opt/skill-venvs/$name" \
        && "/opt/skill-venvs/$name/bin/pip" install --no-cache-dir --disable-pip-version-check \
             -r "$dir/requirements.txt" \
        && "/opt/skill-venvs/$name/bin/pip" uninstall -y -q pip setuptools || exit 1; \
      fi; \
    done \
 && python3 -m compileall -q /opt/skill-venvs

FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3-minimal libpython3.11-stdlib tzdata \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
 && useradd --uid 10001 --user-group --create-home --home-dir /home/propsearch \
      --shell /usr/sbin/nologin propsearch
COPY --from=python /opt/venv /opt/venv
COPY --from=python /opt/skill-venvs /opt/skill-venvs
WORKDIR /app
COPY api.py graph.py langgraph.json ./
COPY skills/ ./skills/
COPY --from=web /web/dist ./web/dist
RUN mkdir -p /app/memory && chown 10001:10001 /app/memory
ENV PATH=/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    SKILLS_DIR=/app/skills SKILL_VENVS_DIR=/opt/skill-venvs MEMORY_ROOT=/app/memory \
    WEB_DIST=/app/web/dist
USER 10001:10001
EXPOSE 8000
# Forwarded headers are believed only from FORWARDED_ALLOW_IPS (none by default), read by the
# app itself: uvicorn's own proxy-header handling (which trusts 127.0.0.1) stays off.
CMD ["uvicorn", "api:app", "--host", "0.0.0.0", "--port", "8000", "--no-proxy-headers"]
