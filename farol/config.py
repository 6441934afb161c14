"""Configuração do Farol, lida do ambiente (prefixo `FAROL_`).

| variável | padrão |
| --- | --- |
| `FAROL_PASTA_DADOS` | pasta de dados do usuário (`platformdirs.user_data_dir("farol")`) |
| `FAROL_DATABASE_URL` | SQLite `farol.sqlite3` na pasta de dados |
| `FAROL_DATABASE_URL_REPLICA` | vazio; réplica de leitura do painel e das estatísticas |
| `FAROL_SEGREDO` | gerado na primeira execução e guardado em `<pasta de dados>/segredo` |
| `FAROL_FUSO` | `America/Sao_Paulo`: o "hoje" dos prazos e o fuso das horas, em toda entrada |
| `FAROL_URL_PUBLICA` | `http://127.0.0.1:8000` (endereço impresso no QR dos documentos) |
| `FAROL_PASTA_ANCORAS` | vazio; pasta das âncoras da auditoria (`farol auditoria ancorar`) |
| `FAROL_CHAVE_ANCORAS` | vazio; arquivo da chave que assina as âncoras (fora do banco) |
| `FAROL_BANCO_ESPERA_CONEXAO_S` | `5`: quanto esperar para abrir uma conexão com o PostgreSQL |
| `FAROL_BANCO_ESPERA_COMANDO_S` | `30`: limite de cada comando (PostgreSQL) ou da trava (SQLite) |
| `FAROL_BANCO_ESPERA_POOL_S` | `5`: quanto esperar por uma conexão livre do pool |
| `FAROL_PROXIES_CONFIAVEIS` | vazio; proxies (IPs, redes) cujo `X-Forwarded-For` vale |
| `FAROL_LOGIN_FALHAS_POR_CONTA` | `10` falhas de login por conta (de qualquer endereço) na janela |
| `FAROL_LOGIN_FALHAS_POR_ENDERECO` | `30` falhas de login por endereço (qualquer conta) na janela |
| `FAROL_LOGIN_JANELA_MIN` | `15` minutos: a janela das falhas de login |
| `FAROL_SENHAS_SIMULTANEAS` | metade dos núcleos (mínimo 1): hashes argon2 ao mesmo tempo |
| `FAROL_SESSAO_OCIOSA_MIN` | `30` minutos sem uso encerram a sessão (web e token da API) |
| `FAROL_SMTP_HOST` | vazio: envio de e-mail desligado (`farol resumo-diario` só mostra) |
| `FAROL_SMTP_PORTA` | `587` |
| `FAROL_SMTP_USUARIO`, `FAROL_SMTP_SENHA` | vazios: sem autenticação no servidor SMTP |
| `FAROL_SMTP_REMETENTE` | `farol@localhost`: o `From` das mensagens |
| `FAROL_SMTP_STARTTLS` | `true`: exige STARTTLS antes de autenticar e enviar |
| `FAROL_SMTP_ESPERA_S` | `30`: quanto esperar pelo servidor SMTP a cada passo |

A pasta de dados só é criada quando um padrão precisa dela.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from platformdirs import user_data_dir
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from farol.relogio import FUSO_PADRAO, zona

ARQUIVO_BANCO = "farol.sqlite3"
ARQUIVO_SEGREDO = "segredo"


def pasta_padrao() -> Path:
    return Path(user_data_dir("farol", appauthor=False))


def _criar_pasta(pasta: Path) -> Path:
    pasta.mkdir(parents=True, exist_ok=True)
    return pasta


def url_sqlite_padrao(pasta: Path) -> str:
    return f"sqlite:///{_criar_pasta(pasta) / ARQUIVO_BANCO}"


def segredo_persistido(pasta: Path) -> SecretStr:
    """Lê o segredo da pasta de dados; na primeira vez gera e grava (modo 0600).

    Grava num arquivo temporário e o liga ao nome definitivo (`os.link` falha se já
    existir): dois processos que comecem juntos acabam com o mesmo segredo.
    """
    caminho = _criar_pasta(pasta) / ARQUIVO_SEGREDO
    if not caminho.exists():
        fd, temporario = tempfile.mkstemp(dir=pasta, prefix=".segredo-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(secrets.token_urlsafe(48) + "\n")
            with contextlib.suppress(FileExistsError):
                os.link(temporario, caminho)
        finally:
            os.unlink(temporario)
    return SecretStr(caminho.read_text(encoding="utf-8").strip())


def _url_padrao(dados: dict[str, Any]) -> str:
    return url_sqlite_padrao(dados["pasta_dados"])


def _segredo_padrao(dados: dict[str, Any]) -> SecretStr:
    return segredo_persistido(dados["pasta_dados"])


def vagas_de_senha_padrao() -> int:
    """Metade dos núcleos, no mínimo 1: o argon2 já usa mais de um núcleo por hash."""
    return max(1, (os.cpu_count() or 2) // 2)


class EsperasDoBanco(BaseSettings):
    """Quanto o Farol espera pelo banco antes de desistir (503 nas bordas HTTP).

    - `espera_conexao_s`: abrir uma conexão (`connect_timeout` do PostgreSQL; mínimo 2 s,
      regra da libpq).
    - `espera_comando_s`: cada comando SQL. PostgreSQL: `statement_timeout` no servidor e,
      no cliente, desistência `espera_comando_s + 1` s depois de enviar (um servidor
      congelado não cancela nada sozinho). SQLite: a espera pela trava (`busy_timeout`).
      `None` (só nas migrações): sem limite no PostgreSQL, 30 s de trava no SQLite.
    - `espera_pool_s`: esperar uma conexão livre do pool (`pool_timeout`).
    - `conexoes`: as conexões que cada processo mantém abertas (`pool_size`; outras tantas de
      folga para o raro pedido que segura duas), e os pedidos que um processo do servidor
      atende ao mesmo tempo (as threads das rotas síncronas, `farol.app`): um pedido não
      espera conexão, e o pool não abre e fecha conexões a cada pico (com o padrão do
      SQLAlchemy, 5 e 10 de folga para as 40 threads do anyio, as de folga se abriam e
      fechavam sem parar sob carga). Poucas: um processo roda Python num núcleo só (o GIL), e
      uma thread a mais só serve para adiantar outro pedido enquanto um espera o banco (no GET
      de um processo, 0,5 ms de banco para 2 ms de Python). Com 16 threads disputando o GIL, o
      GET de um processo a 64 conexões custava 2,4–2,7 ms de CPU do servidor (e 0,8 do
      PostgreSQL, com 32 conexões ativas em 2 núcleos), 484–560 req/s; com 4, 1,9–2,6 ms e
      586–799 req/s (`bench/api.py`, 2026-12-05). No PostgreSQL, processos × (`conexoes` × 2)
      cabe no `max_connections` do servidor.
    """

    model_config = SettingsConfigDict(env_prefix="FAROL_BANCO_", extra="ignore", frozen=True)

    espera_conexao_s: float = Field(default=5, gt=0)
    espera_comando_s: float | None = Field(default=30, gt=0)
    espera_pool_s: float = Field(default=5, gt=0)
    conexoes: int = Field(default=4, ge=1)


class ConfiguracaoSmtp(BaseSettings):
    """O servidor de e-mail do resumo diário de prazos (`farol resumo-diario`).

    Sem `host` o envio fica desligado: o comando mostra o que enviaria e não envia nada.
    """

    model_config = SettingsConfigDict(env_prefix="FAROL_SMTP_", extra="ignore", frozen=True)

    host: str = ""
    porta: int = Field(default=587, gt=0, lt=65536)
    usuario: str = ""
    senha: SecretStr = SecretStr("")
    remetente: str = "farol@localhost"
    starttls: bool = True
    """Exige STARTTLS (porta 587) antes de autenticar; `false` só para um servidor local."""
    espera_s: float = Field(default=30, gt=0)
    """Quanto esperar pelo servidor SMTP a cada passo (conexão, comando)."""

    @property
    def ligado(self) -> bool:
        return bool(self.host.strip())


class Configuracao(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FAROL_", extra="ignore", frozen=True)

    pasta_dados: Path = Field(default_factory=pasta_padrao)
    database_url: str = Field(default_factory=_url_padrao)
    segredo: SecretStr = Field(default_factory=_segredo_padrao)
    fuso: str = FUSO_PADRAO
    url_publica: str = "http://127.0.0.1:8000"
    """Endereço público do Farol: vai no QR dos documentos (página /verificar/<código>)."""
    pasta_ancoras: Path | None = None
    """Onde `farol auditoria ancorar` grava as âncoras e `verificar`/`restore` as leem; vazio:
    sem âncora (não há padrão: uma pasta de âncoras é de UM banco, e deve ficar fora dele)."""
    chave_ancoras: Path | None = None
    """Arquivo da chave HMAC-SHA256 que assina as âncoras (`farol auditoria chave ARQUIVO`)."""
    banco: EsperasDoBanco = Field(default_factory=lambda: EsperasDoBanco())
    """Quanto esperar pelo banco (variáveis `FAROL_BANCO_ESPERA_*`)."""
    database_url_replica: str | None = None
    """Réplica de leitura (PostgreSQL em streaming replication) onde o painel e as estatísticas
    leem; vazio: tudo no banco principal. As demais leituras ficam no principal, que tem o
    que o usuário acabou de gravar."""
    proxies_confiaveis: str = ""
    """Proxies (IPs ou redes, separados por vírgula) de quem o `farol serve` aceita
    `X-Forwarded-For`/`X-Forwarded-Proto`; vazio: nenhum, o endereço é o da conexão."""
    login_falhas_por_conta: int = Field(default=10, ge=1)
    login_falhas_por_endereco: int = Field(default=30, ge=1)
    login_janela_min: float = Field(default=15, gt=0)
    senhas_simultaneas: int = Field(default_factory=lambda: vagas_de_senha_padrao(), ge=1)
    """Quantos hashes de senha (argon2) ao mesmo tempo: os outros logins esperam a vez."""
    sessao_ociosa_min: float = Field(default=30, gt=0)
    """Minutos sem nenhuma requisição depois dos quais a sessão (cookie ou token) acaba."""
    smtp: ConfiguracaoSmtp = Field(default_factory=lambda: ConfiguracaoSmtp())
    """O servidor de e-mail do resumo diário (variáveis `FAROL_SMTP_*`)."""

    @field_validator("fuso")
    @classmethod
    def _fuso_conhecido(cls, v: str) -> str:
        zona(v)
        return v

    @property
    def zona(self) -> ZoneInfo:
        return zona(self.fuso)


@cache
def configuracao() -> Configuracao:
    """A configuração do processo, lida uma vez do ambiente."""
    return Configuracao()
