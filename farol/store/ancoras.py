"""Âncoras da auditoria: o que a cadeia de hashes sozinha não protege, guardado fora do banco.

A cadeia de cada processo (`auditoria.py`) denuncia um ato alterado no meio, mas não a remoção
do último ato, a de todos os atos, a de um processo inteiro, nem um contador de numeração que
volta. A âncora é um arquivo JSON assinado com HMAC-SHA256 (chave num arquivo fora do banco)
com:

- `processos`: por número do processo, a cabeça da cadeia (seq e hash do último ato);
- `numeracao`: o último número oficial emitido, por OM, ano e tipo (`CPSC/2026/processo`);
- `documentos`: o SHA-256 de cada documento emitido, pelo código de verificação.

`comparar` confronta o banco com a âncora e nomeia cada diferença; `conferir_documentos`
confere, sem âncora, cada PDF guardado contra o SHA-256 registrado e contra o ato de emissão na
cadeia (ver `farol.normas.atos_do_sistema`). Ver docs/banco.md, "Âncoras".
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, tuple_
from sqlalchemy.orm import Session

from farol.erros import EntradaInvalida
from farol.normas.atos_do_sistema import tipo_emissao_de_documento
from farol.store.auditoria import HASH_CURTO, HASH_INICIAL, json_canonico, verificar_cadeias
from farol.store.orm import OM, Ato, DocumentoEmitido, Numeracao, Processo

FORMATO = "farol-ancora/1"
ALGORITMO = "HMAC-SHA256"
PREFIXO = "ancora-"
BYTES_DA_CHAVE = 32
LOTE = 500

# Tipos de diferença (o texto de cada uma diz o processo, o ato, o número ou o código).
CADEIA_QUEBRADA = "cadeia_quebrada"
ATOS_APAGADOS = "atos_apagados"
CADEIA_REESCRITA = "cadeia_reescrita"
PROCESSO_APAGADO = "processo_apagado"
PROCESSO_SEM_ATOS = "processo_sem_atos"
NUMERACAO_VOLTOU = "numeracao_voltou"
DOCUMENTO_APAGADO = "documento_apagado"
DOCUMENTO_ALTERADO = "documento_alterado"
DOCUMENTO_SEM_REGISTRO = "documento_sem_registro"
ANCORA_INVALIDA = "ancora_invalida"


@dataclass(frozen=True)
class Diferenca:
    """Uma diferença entre o banco e o que ele deveria ser.

    `anterior`: a diferença é a de um estado ANTERIOR ao ancorado (atos, processos ou
    documentos a menos, numeração mais baixa), como a de um backup antigo restaurado; as demais
    (hash diferente, conteúdo alterado) só se explicam por adulteração.
    """

    tipo: str
    texto: str
    anterior: bool = False


# --- chave e assinatura ---------------------------------------------------------------------


def gerar_chave(caminho: Path) -> None:
    """Grava uma chave nova (32 bytes aleatórios em hexadecimal), modo 0600; nunca sobrescreve."""
    try:
        caminho.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(caminho, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise EntradaInvalida(
            f"{caminho} já existe: uma chave não se sobrescreve (as âncoras assinadas com ela "
            "deixariam de conferir)",
            campo="chave",
        ) from None
    except OSError as e:
        raise EntradaInvalida(
            f"não foi possível gravar a chave em {caminho}: {e.strerror or e}", campo="chave"
        ) from None
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(secrets.token_hex(BYTES_DA_CHAVE) + "\n")


def ler_chave(caminho: Path) -> bytes:
    try:
        texto = caminho.read_text(encoding="utf-8").strip()
    except OSError as e:
        raise EntradaInvalida(
            f"não foi possível ler o arquivo da chave {caminho}: {e.strerror or e}; gere uma "
            "com `farol auditoria chave ARQUIVO`",
            campo="chave",
        ) from None
    if len(texto) < BYTES_DA_CHAVE:
        raise EntradaInvalida(
            f"chave em {caminho} curta demais ({len(texto)} caracteres; mínimo "
            f"{BYTES_DA_CHAVE}): gere uma com `farol auditoria chave ARQUIVO`",
            campo="chave",
        )
    return texto.encode("utf-8")


def assinar(dados: dict[str, Any], chave: bytes) -> str:
    corpo = {k: v for k, v in dados.items() if k != "assinatura"}
    return hmac.new(chave, json_canonico(corpo).encode("utf-8"), hashlib.sha256).hexdigest()


def assinatura_confere(dados: dict[str, Any], chave: bytes) -> bool:
    assinatura = dados.get("assinatura")
    return isinstance(assinatura, str) and hmac.compare_digest(assinatura, assinar(dados, chave))


# --- o estado que se ancora -----------------------------------------------------------------


def estado_atual(s: Session) -> dict[str, Any]:
    """Cabeças das cadeias, contadores da numeração e SHA-256 dos documentos, como no banco."""
    ultimo = (
        select(Ato.processo_id, func.max(Ato.seq).label("seq"))
        .group_by(Ato.processo_id)
        .subquery()
    )
    linhas = s.execute(
        select(Processo.numero, ultimo.c.seq, Ato.hash)
        .select_from(Processo)
        .outerjoin(ultimo, ultimo.c.processo_id == Processo.id)
        .outerjoin(Ato, (Ato.processo_id == Processo.id) & (Ato.seq == ultimo.c.seq))
    )
    processos = {n: {"seq": seq or 0, "hash": h or HASH_INICIAL} for n, seq, h in linhas}
    numeracao = {
        f"{sigla}/{ano}/{tipo}": ultimo_numero
        for sigla, ano, tipo, ultimo_numero in s.execute(
            select(OM.sigla, Numeracao.ano, Numeracao.tipo, Numeracao.ultimo).join(
                OM, OM.id == Numeracao.om_id
            )
        )
    }
    documentos = dict(
        s.execute(select(DocumentoEmitido.codigo, DocumentoEmitido.sha256)).tuples().all()
    )
    return {"processos": processos, "numeracao": numeracao, "documentos": documentos}


def nova_ancora(
    estado: dict[str, Any], chave: bytes, *, aceitas: Iterable[Diferenca] = ()
) -> dict[str, Any]:
    dados: dict[str, Any] = {
        "formato": FORMATO,
        "algoritmo": ALGORITMO,
        "criada_em": dt.datetime.now(dt.UTC).isoformat(timespec="microseconds"),
        **estado,
        "aceitas": [{"tipo": d.tipo, "texto": d.texto} for d in aceitas],
    }
    dados["assinatura"] = assinar(dados, chave)
    return dados


def gravar_ancora(pasta: Path, ancora: dict[str, Any]) -> Path:
    """Grava a âncora em `pasta/ancora-<instante UTC>.json` (arquivo novo, nunca sobrescreve)."""
    pasta.mkdir(parents=True, exist_ok=True)
    instante = dt.datetime.fromisoformat(ancora["criada_em"])
    caminho = pasta / f"{PREFIXO}{instante:%Y%m%dT%H%M%S%fZ}.json"
    temporario = pasta / f".{caminho.name}.tmp"
    temporario.write_text(json.dumps(ancora, ensure_ascii=False, indent=1), encoding="utf-8")
    os.link(temporario, caminho)  # falha se já existir
    temporario.unlink()
    return caminho


def ultima_ancora(
    pasta: Path, chave: bytes
) -> tuple[Path | None, dict[str, Any] | None, list[Diferenca]]:
    """A âncora mais recente com assinatura válida e, para cada arquivo mais novo que ela com
    assinatura inválida ou ilegível, uma diferença (alguém pôs ou alterou uma âncora)."""
    invalidas: list[Diferenca] = []
    for caminho in sorted(arquivos_de_ancora(pasta), reverse=True):
        try:
            dados = json.loads(caminho.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            invalidas.append(Diferenca(ANCORA_INVALIDA, f"âncora {caminho.name} ilegível: {e}"))
            continue
        if not isinstance(dados, dict) or dados.get("formato") != FORMATO:
            invalidas.append(
                Diferenca(ANCORA_INVALIDA, f"âncora {caminho.name}: formato desconhecido")
            )
            continue
        if not assinatura_confere(dados, chave):
            invalidas.append(
                Diferenca(
                    ANCORA_INVALIDA,
                    f"âncora {caminho.name}: assinatura não confere (alterada, ou assinada com "
                    "outra chave)",
                )
            )
            continue
        return caminho, dados, invalidas
    return None, None, invalidas


def arquivos_de_ancora(pasta: Path) -> list[Path]:
    return sorted(pasta.glob(f"{PREFIXO}*.json")) if pasta.is_dir() else []


# --- comparações ----------------------------------------------------------------------------


def _intervalo(de: int, ate: int) -> str:
    return str(de) if de == ate else f"{de} a {ate}"


def _hashes_em(s: Session, pares: list[tuple[int, int]]) -> Iterator[tuple[int, int, str]]:
    for i in range(0, len(pares), LOTE):
        lote = pares[i : i + LOTE]
        yield from s.execute(
            select(Ato.processo_id, Ato.seq, Ato.hash).where(
                tuple_(Ato.processo_id, Ato.seq).in_(lote)
            )
        ).tuples()


def comparar(s: Session, ancora: dict[str, Any], atual: dict[str, Any]) -> list[Diferenca]:
    """Cada diferença entre o banco (`atual`, de `estado_atual`) e a âncora."""
    quando = ancora.get("criada_em", "?")
    diferencas: list[Diferenca] = []
    ids = dict(s.execute(select(Processo.numero, Processo.id)).tuples().all())
    conferir: dict[tuple[int, int], tuple[str, str]] = {}
    for numero, cab in sorted(ancora.get("processos", {}).items()):
        agora = atual["processos"].get(numero)
        if agora is None:
            diferencas.append(
                Diferenca(
                    PROCESSO_APAGADO,
                    f"processo {numero} ausente: a âncora de {quando} o tem com {cab['seq']} "
                    "atos (processo apagado, ou banco anterior à âncora)",
                    anterior=True,
                )
            )
        elif agora["seq"] < cab["seq"]:
            diferencas.append(
                Diferenca(
                    ATOS_APAGADOS,
                    f"processo {numero}: o último ato é o {agora['seq']}, a âncora de {quando} "
                    f"vai até o {cab['seq']}: ato(s) {_intervalo(agora['seq'] + 1, cab['seq'])}"
                    " apagado(s), ou banco anterior à âncora",
                    anterior=True,
                )
            )
        elif agora["seq"] == cab["seq"]:
            if agora["hash"] != cab["hash"]:
                diferencas.append(_reescrita(numero, cab, agora["hash"], quando))
        else:
            conferir[(ids[numero], cab["seq"])] = (numero, cab["hash"])
    achados = {(pid, seq): h for pid, seq, h in _hashes_em(s, list(conferir))}
    for par, (numero, ancorado) in sorted(conferir.items(), key=lambda x: x[1][0]):
        gravado = achados.get(par)
        if gravado is None:
            diferencas.append(
                Diferenca(
                    CADEIA_REESCRITA,
                    f"processo {numero}: o ato {par[1]} ancorado em {quando} não existe mais "
                    "(cadeia renumerada)",
                )
            )
        elif gravado != ancorado:
            cab = {"seq": par[1], "hash": ancorado}
            diferencas.append(_reescrita(numero, cab, gravado, quando))
    for chave, ancorado in sorted(ancora.get("numeracao", {}).items()):
        agora_n = atual["numeracao"].get(chave, 0)
        if agora_n < ancorado:
            sigla, ano, tipo = chave.split("/", 2)
            diferencas.append(
                Diferenca(
                    NUMERACAO_VOLTOU,
                    f"numeração de {tipo} da {sigla} em {ano} voltou de {ancorado} para "
                    f"{agora_n}: o(s) número(s) {_intervalo(agora_n + 1, ancorado)} já foram "
                    "entregues e seriam emitidos de novo",
                    anterior=True,
                )
            )
    for codigo, sha in sorted(ancora.get("documentos", {}).items()):
        agora_sha = atual["documentos"].get(codigo)
        if agora_sha is None:
            diferencas.append(
                Diferenca(
                    DOCUMENTO_APAGADO,
                    f"documento {codigo} ausente: a âncora de {quando} o tem (documento "
                    "apagado, ou banco anterior à âncora)",
                    anterior=True,
                )
            )
        elif agora_sha != sha:
            diferencas.append(
                Diferenca(
                    DOCUMENTO_ALTERADO,
                    f"documento {codigo}: SHA-256 {agora_sha[:HASH_CURTO]}… no banco, "
                    f"{sha[:HASH_CURTO]}… na âncora de {quando}: documento trocado",
                )
            )
    return diferencas


def _reescrita(numero: str, cab: dict[str, Any], gravado: str, quando: str) -> Diferenca:
    return Diferenca(
        CADEIA_REESCRITA,
        f"processo {numero}: o ato {cab['seq']} tem hash {gravado[:HASH_CURTO]}…, a âncora de "
        f"{quando} tem {cab['hash'][:HASH_CURTO]}…: a cadeia foi reescrita",
    )


def elevar_numeracao(s: Session, ancora: dict[str, Any]) -> list[str]:
    """Sobe cada contador da numeração que está abaixo do ancorado até o valor da âncora: os
    números entre um e outro já foram entregues e não se emitem de novo (ficam como lacuna).
    Devolve o que mudou, em português."""
    mudancas: list[str] = []
    oms = dict(s.execute(select(OM.sigla, OM.id)).tuples().all())
    for chave, ancorado in sorted(ancora.get("numeracao", {}).items()):
        sigla, ano_texto, tipo = chave.split("/", 2)
        om_id, ano = oms.get(sigla), int(ano_texto)
        if om_id is None:
            mudancas.append(f"numeração de {tipo} da {sigla} em {ano}: OM ausente, não ajustada")
            continue
        linha = s.get(Numeracao, (om_id, ano, tipo))
        atual = 0 if linha is None else linha.ultimo
        if atual >= ancorado:
            continue
        if linha is None:
            s.add(Numeracao(om_id=om_id, ano=ano, tipo=tipo, ultimo=ancorado))
        else:
            linha.ultimo = ancorado
        mudancas.append(
            f"numeração de {tipo} da {sigla} em {ano}: de {atual} para {ancorado} (o(s) "
            f"número(s) {_intervalo(atual + 1, ancorado)} foram entregues e não se repetem)"
        )
    return mudancas


def processos_sem_atos(atual: dict[str, Any]) -> list[Diferenca]:
    """Todo processo nasce com o seu primeiro ato na mesma transação: sem atos, foram apagados."""
    return [
        Diferenca(
            PROCESSO_SEM_ATOS,
            f"processo {numero} sem nenhum ato: todos os atos foram apagados",
        )
        for numero, cab in sorted(atual["processos"].items())
        if cab["seq"] == 0
    ]


def quebras_das_cadeias(s: Session) -> list[Diferenca]:
    return [Diferenca(CADEIA_QUEBRADA, q.texto()) for q in verificar_cadeias(s)]


# --- documentos -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RegistroDeEmissao:
    """O ato de emissão de um documento na cadeia do processo."""

    processo_id: int
    seq: int
    sha256: str
    hash_anterior: str


def registros_de_emissao(
    s: Session, processo_id: int | None = None
) -> dict[str, RegistroDeEmissao]:
    """Código de verificação -> o ato da cadeia que registrou a emissão."""
    consulta = select(Ato.processo_id, Ato.seq, Ato.payload, Ato.hash_anterior).where(
        Ato.tipo == tipo_emissao_de_documento()
    )
    if processo_id is not None:
        consulta = consulta.where(Ato.processo_id == processo_id)
    return {
        str(payload.get("codigo")): RegistroDeEmissao(pid, seq, str(payload.get("sha256")), ant)
        for pid, seq, payload, ant in s.execute(consulta).tuples()
    }


def conferir_documentos(s: Session) -> list[Diferenca]:
    """Cada PDF guardado contra o SHA-256 registrado e contra o ato de emissão na cadeia."""
    registros = registros_de_emissao(s)
    numeros = dict(s.execute(select(Processo.id, Processo.numero)).tuples().all())
    diferencas: list[Diferenca] = []
    consulta = (
        select(
            DocumentoEmitido.codigo,
            DocumentoEmitido.processo_id,
            DocumentoEmitido.sha256,
            DocumentoEmitido.conteudo,
        )
        .order_by(DocumentoEmitido.id)
        .execution_options(yield_per=50)
    )
    for codigo, pid, sha, conteudo in s.execute(consulta).tuples():
        onde = f"documento {codigo} (processo {numeros.get(pid, pid)})"
        real = hashlib.sha256(conteudo).hexdigest()
        if real != sha:
            diferencas.append(
                Diferenca(
                    DOCUMENTO_ALTERADO,
                    f"{onde}: o PDF guardado tem SHA-256 {real[:HASH_CURTO]}…, o registrado na "
                    f"emissão é {sha[:HASH_CURTO]}…: bytes alterados no banco",
                )
            )
        registro = registros.pop(codigo, None)
        if registro is None:
            diferencas.append(
                Diferenca(
                    DOCUMENTO_SEM_REGISTRO,
                    f"{onde}: a emissão não está registrada na cadeia de atos do processo "
                    "(documento inserido por fora do Farol?)",
                )
            )
        elif registro.sha256 != sha:
            diferencas.append(
                Diferenca(
                    DOCUMENTO_ALTERADO,
                    f"{onde}: SHA-256 {sha[:HASH_CURTO]}… no banco, {registro.sha256[:HASH_CURTO]}"
                    f"… no ato {registro.seq} da cadeia: documento trocado no banco",
                )
            )
    for codigo, registro in sorted(registros.items()):
        diferencas.append(
            Diferenca(
                DOCUMENTO_APAGADO,
                f"documento {codigo}: o ato {registro.seq} do processo "
                f"{numeros.get(registro.processo_id, registro.processo_id)} registra a emissão, "
                "mas o documento não existe mais",
            )
        )
    return diferencas


def conferir_documento(
    s: Session, doc: DocumentoEmitido, sha_apresentado: str | None = None
) -> tuple[str | None, RegistroDeEmissao | None]:
    """Se o Farol pode atestar o documento: (motivo da recusa ou None, o ato de emissão).

    Sem `sha_apresentado` (verificação pelo código), recalcula o SHA-256 do PDF guardado; com
    ele (o PDF enviado), confere o que foi enviado. Em ambos, o SHA-256 tem de ser o registrado
    no ato de emissão e a cadeia do processo tem de estar íntegra.
    """
    if sha_apresentado is None:
        real = hashlib.sha256(doc.conteudo).hexdigest()
        if real != doc.sha256:
            return (
                "o PDF guardado foi alterado depois da emissão: o SHA-256 recalculado "
                f"({real[:HASH_CURTO]}…) difere do registrado ({doc.sha256[:HASH_CURTO]}…)",
                None,
            )
    registro = registros_de_emissao(s, doc.processo_id).get(doc.codigo)
    if registro is None:
        return "a emissão deste documento não está registrada na cadeia de atos do processo", None
    if registro.sha256 != (sha_apresentado or doc.sha256):
        return (
            f"o SHA-256 do documento não é o registrado na cadeia de atos (ato {registro.seq}): "
            "documento trocado",
            registro,
        )
    quebras = verificar_cadeias(s, doc.processo_id)
    if quebras:
        return f"a cadeia de atos do processo está quebrada ({quebras[0].texto()})", registro
    return None, registro
